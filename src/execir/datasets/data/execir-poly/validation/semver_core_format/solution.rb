def semver_valid?(version)
  parts = version.split(".", -1)
  return false if parts.length != 3
  parts.each do |part|
    return false if part.empty?
    return false unless part.each_char.all? { |ch| ch.between?("0", "9") }
    return false if part[0] == "0" && part.length > 1
  end
  true
end

$stdin.each_line do |line|
  text = line.chomp
  puts semver_valid?(text) ? "valid" : "invalid" unless text.empty?
end
