def divisible_by_three?(bits)
  remainder = 0
  bits.each_char do |ch|
    return false unless ch == "0" || ch == "1"
    remainder = (remainder * 2 + ch.to_i) % 3
  end
  remainder.zero?
end

$stdin.each_line do |line|
  word = line.strip
  next if word.empty?
  puts divisible_by_three?(word) ? "yes" : "no"
end
