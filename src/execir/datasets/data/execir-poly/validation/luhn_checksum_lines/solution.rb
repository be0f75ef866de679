def luhn_valid?(number)
  digits = number.delete(" ")
  return false if digits.length < 2
  total = 0
  digits.reverse.each_char.with_index do |ch, i|
    return false unless ch.between?("0", "9")
    d = ch.ord - 48
    if i.odd?
      d *= 2
      d -= 9 if d > 9
    end
    total += d
  end
  (total % 10).zero?
end

$stdin.each_line do |line|
  text = line.chomp
  puts luhn_valid?(text) ? "valid" : "invalid" unless text.empty?
end
