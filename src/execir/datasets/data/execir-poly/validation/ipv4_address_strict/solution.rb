def ipv4_valid?(s)
  parts = s.split(".", -1)
  return false if parts.length != 4
  parts.each do |p|
    return false if p.empty? || p.length > 3
    return false unless p.each_char.all? { |ch| ch.between?("0", "9") }
    return false if p.length > 1 && p[0] == "0"
    return false if p.to_i > 255
  end
  true
end

$stdin.each_line do |line|
  text = line.chomp
  puts ipv4_valid?(text) ? "valid" : "invalid" unless text.empty?
end
