DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz".freeze

def to_base(n, base)
  return "invalid" if base < 2 || base > 36
  return "0" if n.zero?
  sign = n < 0 ? "-" : ""
  n = n.abs
  out = []
  while n > 0
    out << DIGITS[n % base]
    n /= base
  end
  sign + out.reverse.join
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 2
  puts to_base(parts[0].to_i, parts[1].to_i)
end
