def zigzag(value)
  return value << 1 if value >= 0
  ((-value) << 1) - 1
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each { |v| puts zigzag(v) }
