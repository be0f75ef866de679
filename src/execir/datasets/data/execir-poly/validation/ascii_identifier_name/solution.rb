def letter?(ch)
  ch.between?("a", "z") || ch.between?("A", "Z") || ch == "_"
end

def identifier_valid?(name)
  return false if name.empty? || !letter?(name[0])
  name[1..].each_char do |ch|
    return false unless letter?(ch) || ch.between?("0", "9")
  end
  true
end

$stdin.each_line do |line|
  text = line.chomp
  puts identifier_valid?(text) ? "valid" : "invalid" unless text.empty?
end
