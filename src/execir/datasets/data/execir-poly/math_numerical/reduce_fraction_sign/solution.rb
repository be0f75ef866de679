def reduce_fraction(num, den)
  a = num.abs
  b = den.abs
  a, b = b, a % b while b != 0
  num /= a
  den /= a
  if den < 0
    num = -num
    den = -den
  end
  [num, den]
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 2
  num, den = parts.map(&:to_i)
  puts den.zero? ? "invalid" : reduce_fraction(num, den).join("/")
end
