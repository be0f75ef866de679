def extract_field(n, start, length)
  return nil if start < 0 || length < 0
  (n >> start) & ((1 << length) - 1)
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  result = extract_field(*data[1 + 3 * i, 3])
  puts(result.nil? ? "invalid" : result)
end
