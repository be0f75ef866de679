def prime_factors(n)
  factors = []
  return factors if n < 2
  d = 2
  while d * d <= n
    while n % d == 0
      factors << d
      n /= d
    end
    d += 1
  end
  factors << n if n > 1
  factors
end

$stdin.each_line do |line|
  next if line.strip.empty?
  factors = prime_factors(line.to_i)
  puts factors.empty? ? "none" : factors.join(" ")
end
