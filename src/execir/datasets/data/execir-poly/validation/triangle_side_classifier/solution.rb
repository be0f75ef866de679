def triangle_kind(a, b, c)
  return "invalid" unless a + b > c && a + c > b && b + c > a
  return "equilateral" if a == b && b == c
  return "isosceles" if a == b || b == c || a == c
  "scalene"
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 3
  puts triangle_kind(*parts.map(&:to_i))
end
