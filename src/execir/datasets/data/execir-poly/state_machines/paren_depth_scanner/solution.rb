def max_depth(text)
  depth = deepest = 0
  text.each_char do |ch|
    if ch == "("
      depth += 1
      deepest = depth if depth > deepest
    elsif ch == ")"
      depth -= 1
      return -1 if depth < 0
    end
  end
  depth.zero? ? deepest : -1
end

$stdin.each_line do |line|
  puts max_depth(line) unless line.strip.empty?
end
