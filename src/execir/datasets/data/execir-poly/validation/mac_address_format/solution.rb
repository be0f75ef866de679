HEX = "0123456789abcdefABCDEF".freeze

def mac_valid?(s)
  return false if s.length != 17
  sep = s[2]
  return false if sep != ":" && sep != "-"
  s.each_char.with_index do |ch, i|
    if i % 3 == 2
      return false if ch != sep
    elsif !HEX.include?(ch)
      return false
    end
  end
  true
end

$stdin.each_line do |line|
  text = line.chomp
  puts mac_valid?(text) ? "valid" : "invalid" unless text.empty?
end
