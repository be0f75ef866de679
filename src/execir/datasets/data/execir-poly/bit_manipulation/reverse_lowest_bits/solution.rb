def reverse_low_bits(n, width)
  return nil if width < 1
  result = 0
  width.times do
    result = (result << 1) | (n & 1)
    n >>= 1
  end
  result
end

data = $stdin.read.split.map(&:to_i)
q = data[0]
q.times do |i|
  result = reverse_low_bits(data[1 + 2 * i], data[2 + 2 * i])
  puts(result.nil? ? "invalid" : result)
end
