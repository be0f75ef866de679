def cancel_pairs(s)
  stack = []
  removed = 0
  s.each_char do |ch|
    if !stack.empty? && stack[-1] == ch
      stack.pop
      removed += 1
    else
      stack << ch
    end
  end
  [stack.join, removed]
end

rest, removed = cancel_pairs(($stdin.gets || "").chomp)
puts rest
puts removed
