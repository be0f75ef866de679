def evaluate(tokens)
  stack = []
  tokens.each do |tok|
    if %w[+ - * /].include?(tok)
      return nil if stack.length < 2
      b = stack.pop
      a = stack.pop
      case tok
      when "+" then stack.push(a + b)
      when "-" then stack.push(a - b)
      when "*" then stack.push(a * b)
      else
        return nil if b.zero?
        q = a.abs / b.abs
        stack.push((a < 0) == (b < 0) ? q : -q)
      end
    else
      stack.push(tok.to_i)
    end
  end
  stack.length == 1 ? stack[0] : nil
end

result = evaluate(($stdin.gets || "").split)
puts(result.nil? ? "error" : result)
