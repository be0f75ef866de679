def debounce(samples, initial, stable)
  output = candidate = initial
  streak = 0
  samples.map do |s|
    if s == output
      streak = 0
    elsif s == candidate
      streak += 1
    else
      candidate = s
      streak = 1
    end
    if streak >= stable
      output = s
      streak = 0
    end
    output
  end
end

tokens = $stdin.read.split.map(&:to_i)
puts debounce(tokens[2..], tokens[0], tokens[1]).join(" ")
