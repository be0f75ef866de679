def free_gaps(busy, day_start, day_end, min_length)
  gaps = []
  cursor = day_start
  busy.sort.each do |start, finish|
    gaps << [cursor, start] if start - cursor >= min_length
    cursor = [cursor, finish].max
  end
  gaps << [cursor, day_end] if day_end - cursor >= min_length
  gaps
end

data = $stdin.read.split.map(&:to_i)
day_start, day_end, min_length, n = data[0, 4]
busy = (0...n).map { |i| [data[4 + 2 * i], data[5 + 2 * i]] }
gaps = free_gaps(busy, day_start, day_end, min_length)
puts "none" if gaps.empty?
gaps.each { |a, b| puts "#{a} #{b}" }
