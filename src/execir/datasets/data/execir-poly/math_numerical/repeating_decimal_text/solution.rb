def decimal_text(n, d)
  whole, rest = n.divmod(d)
  return whole.to_s if rest.zero?
  digits = []
  seen = {}
  while rest != 0 && !seen.key?(rest)
    seen[rest] = digits.length
    rest *= 10
    digits << (rest / d).to_s
    rest %= d
  end
  return "#{whole}.#{digits.join}" if rest.zero?
  start = seen[rest]
  "#{whole}.#{digits[0...start].join}(#{digits[start..].join})"
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 2
  n, d = parts.map(&:to_i)
  puts d > 0 && n >= 0 ? decimal_text(n, d) : "invalid"
end
