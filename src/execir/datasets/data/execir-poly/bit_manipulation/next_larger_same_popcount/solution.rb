def next_same_popcount(n)
  return 0 if n <= 0
  lowest = n & -n
  ripple = n + lowest
  ones = ((ripple ^ n) >> 2) / lowest
  ripple | ones
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each { |n| puts next_same_popcount(n) }
