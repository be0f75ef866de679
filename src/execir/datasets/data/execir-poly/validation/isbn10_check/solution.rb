def isbn10_valid?(isbn)
  s = isbn.delete("-")
  return false if s.length != 10
  total = 0
  s.each_char.with_index do |ch, i|
    value = if ch.between?("0", "9")
              ch.to_i
            elsif ch == "X" && i == 9
              10
            else
              return false
            end
    total += (10 - i) * value
  end
  (total % 11).zero?
end

$stdin.each_line do |line|
  text = line.chomp
  puts isbn10_valid?(text) ? "valid" : "invalid" unless text.empty?
end
