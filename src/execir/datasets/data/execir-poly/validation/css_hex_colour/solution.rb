HEX = "0123456789abcdefABCDEF".freeze

def hex_colour_valid?(s)
  return false if s.length != 4 && s.length != 7
  return false if s[0] != "#"
  s[1..].each_char do |ch|
    return false unless HEX.include?(ch)
  end
  true
end

$stdin.each_line do |line|
  text = line.chomp
  puts hex_colour_valid?(text) ? "valid" : "invalid" unless text.empty?
end
