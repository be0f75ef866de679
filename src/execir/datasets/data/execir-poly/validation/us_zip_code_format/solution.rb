def all_digits?(s)
  !s.empty? && s.each_char.all? { |ch| ch.between?("0", "9") }
end

def zip_valid?(code)
  if code.length == 5
    all_digits?(code)
  elsif code.length == 10
    code[5] == "-" && all_digits?(code[0, 5]) && all_digits?(code[6..])
  else
    false
  end
end

$stdin.each_line do |line|
  text = line.chomp
  puts zip_valid?(text) ? "valid" : "invalid" unless text.empty?
end
