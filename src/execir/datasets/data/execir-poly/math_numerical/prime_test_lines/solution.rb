def prime?(n)
  return false if n < 2
  return n == 2 if n.even?
  d = 3
  while d * d <= n
    return false if n % d == 0
    d += 2
  end
  true
end

$stdin.each_line do |line|
  next if line.strip.empty?
  puts prime?(line.to_i) ? "yes" : "no"
end
