def mod_pow(base, exponent, modulus)
  result = 1 % modulus
  base %= modulus
  while exponent > 0
    result = result * base % modulus if exponent.odd?
    base = base * base % modulus
    exponent >>= 1
  end
  result
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 3
  puts mod_pow(parts[0].to_i, parts[1].to_i, parts[2].to_i)
end
