PAIRS = { ")" => "(", "]" => "[", "}" => "{" }.freeze

def balanced?(s)
  stack = []
  s.each_char do |ch|
    if "([{".include?(ch)
      stack << ch
    elsif PAIRS.key?(ch)
      return false if stack.empty? || stack[-1] != PAIRS[ch]
      stack.pop
    end
  end
  stack.empty?
end

$stdin.each_line do |line|
  text = line.chomp
  puts balanced?(text) ? "balanced" : "unbalanced" unless text.empty?
end
