def phi(n)
  return 0 if n < 1
  result = n
  p = 2
  while p * p <= n
    if n % p == 0
      n /= p while n % p == 0
      result -= result / p
    end
    p += 1
  end
  result -= result / n if n > 1
  result
end

$stdin.each_line do |line|
  next if line.strip.empty?
  puts phi(line.to_i)
end
