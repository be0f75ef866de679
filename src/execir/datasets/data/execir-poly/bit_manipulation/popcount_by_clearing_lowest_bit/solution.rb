def count_set_bits(n)
  return -1 if n < 0
  count = 0
  while n != 0
    n &= n - 1
    count += 1
  end
  count
end

data = $stdin.read.split
q = data[0].to_i
data[1, q].each { |token| puts count_set_bits(token.to_i) }
