def cancel_pairs(items)
  stack = []
  cancelled = 0
  items.each do |item|
    if !stack.empty? && stack[-1] == item
      stack.pop
      cancelled += 1
    else
      stack.push(item)
    end
  end
  [stack, cancelled]
end

remaining, cancelled = cancel_pairs(($stdin.gets || "").split)
puts remaining.join(" ")
puts cancelled
