def strength(pw)
  points = 0
  points += 1 if pw.length >= 12
  points += 1 if pw.match?(/[A-Z]/) && pw.match?(/[a-z]/)
  points += 1 if pw.match?(/[0-9]/)
  points += 1 if pw.each_char.any? { |c| c !~ /[A-Za-z0-9 ]/ }
  if points <= 1
    "weak"
  elsif points <= 3
    "medium"
  else
    "strong"
  end
end

$stdin.each_line do |line|
  text = line.chomp
  puts strength(text) unless text.empty?
end
