def gcd(a, b)
  a = a.abs
  b = b.abs
  while b > 0
    a, b = b, a % b
  end
  a
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 2
  puts gcd(parts[0].to_i, parts[1].to_i)
end
