def total_travel(start, requests, lo, hi)
  current = start
  travelled = 0
  requests.each do |floor|
    next if floor < lo || floor > hi
    travelled += (floor - current).abs
    current = floor
  end
  [travelled, current]
end

tokens = $stdin.read.split.map(&:to_i)
puts total_travel(tokens[0], tokens[3..], tokens[1], tokens[2])
