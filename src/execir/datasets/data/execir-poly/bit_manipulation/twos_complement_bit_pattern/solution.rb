def twos_pattern(value, width)
  low = -(1 << (width - 1))
  high = (1 << (width - 1)) - 1
  return "overflow" if value < low || value > high
  value += 1 << width if value < 0
  value.to_s(2).rjust(width, "0")
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts twos_pattern(data[1 + 2 * i], data[2 + 2 * i]) }
