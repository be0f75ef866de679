CODES = {}
{ "bfpv" => "1", "cgjkqsxz" => "2", "dt" => "3", "l" => "4", "mn" => "5", "r" => "6" }.each do |letters, digit|
  letters.each_char { |letter| CODES[letter] = digit }
end

def soundex(word)
  w = word.downcase
  out = w[0].upcase
  prev = CODES.fetch(w[0], "")
  w[1..].each_char do |ch|
    digit = CODES.fetch(ch, "")
    out += digit if !digit.empty? && digit != prev
    prev = digit unless "hw".include?(ch)
  end
  (out + "000")[0, 4]
end

$stdin.each_line do |line|
  word = line.strip
  puts soundex(word) unless word.empty?
end
