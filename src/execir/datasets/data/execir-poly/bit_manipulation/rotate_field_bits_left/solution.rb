def rotate_left(n, k, width)
  return 0 if width <= 0
  mask = (1 << width) - 1
  n &= mask
  k %= width
  ((n << k) | (n >> (width - k))) & mask
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  n, k, width = data[1 + 3 * i, 3]
  puts rotate_left(n, k, width)
end
