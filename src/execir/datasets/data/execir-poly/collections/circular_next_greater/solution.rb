def next_greater_circular(values)
  n = values.length
  result = Array.new(n, -1)
  stack = []
  (0...(2 * n)).each do |i|
    value = values[i % n]
    result[stack.pop] = value while !stack.empty? && values[stack[-1]] < value
    stack.push(i) if i < n
  end
  result
end

data = $stdin.read.split.map(&:to_i)
puts next_greater_circular(data[1, data[0]]).join(" ")
