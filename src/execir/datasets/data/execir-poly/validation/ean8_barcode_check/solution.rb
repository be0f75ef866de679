def ean8_valid?(code)
  return false if code.length != 8 || !code.each_char.all? { |ch| ch.between?("0", "9") }
  total = 0
  7.times do |i|
    weight = i.even? ? 3 : 1
    total += code[i].to_i * weight
  end
  check = (10 - total % 10) % 10
  check == code[7].to_i
end

$stdin.each_line do |line|
  text = line.chomp
  puts ean8_valid?(text) ? "valid" : "invalid" unless text.empty?
end
