def continued_fraction(p, q)
  terms = []
  while q != 0
    a = p.div(q)
    terms << a
    p, q = q, p - a * q
  end
  terms
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 2
  p, q = parts.map(&:to_i)
  puts q > 0 ? continued_fraction(p, q).join(" ") : "invalid"
end
