def reverse_digits(n)
  sign = n < 0 ? -1 : 1
  n *= sign
  result = 0
  while n > 0
    result = result * 10 + n % 10
    n /= 10
  end
  sign * result
end

$stdin.each_line do |line|
  next if line.strip.empty?
  puts reverse_digits(line.to_i)
end
