def port_valid?(s)
  return false if s.empty? || s.length > 5
  s.each_char do |ch|
    return false if ch < "0" || ch > "9"
  end
  return false if s[0] == "0"
  s.to_i <= 65535
end

$stdin.each_line do |line|
  text = line.chomp
  puts port_valid?(text) ? "valid" : "invalid" unless text.empty?
end
