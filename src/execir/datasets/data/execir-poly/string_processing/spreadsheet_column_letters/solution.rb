def column_label(n)
  label = +""
  while n > 0
    n -= 1
    label.prepend((65 + n % 26).chr)
    n /= 26
  end
  label
end

$stdin.each_line do |line|
  next if line.strip.empty?
  n = line.to_i
  puts n >= 1 ? column_label(n) : "invalid"
end
