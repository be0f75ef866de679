def digital_root(n)
  while n >= 10
    total = 0
    while n > 0
      total += n % 10
      n /= 10
    end
    n = total
  end
  n
end

$stdin.each_line do |line|
  next if line.strip.empty?
  n = line.to_i
  puts n < 0 ? "invalid" : digital_root(n)
end
