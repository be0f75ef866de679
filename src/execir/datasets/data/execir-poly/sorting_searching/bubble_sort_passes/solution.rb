def bubble_passes(data)
  n = data.length
  return 0 if n < 2
  passes = 0
  (n - 1).downto(1) do |last|
    passes += 1
    swapped = false
    (0...last).each do |i|
      next unless data[i] > data[i + 1]
      data[i], data[i + 1] = data[i + 1], data[i]
      swapped = true
    end
    break unless swapped
  end
  passes
end

tokens = $stdin.read.split.map(&:to_i)
values = tokens[1, tokens[0]]
puts bubble_passes(values)
puts values.join(" ")
