def next_greater(values)
  result = Array.new(values.length, -1)
  waiting = []
  values.each_with_index do |v, i|
    result[waiting.pop] = v while !waiting.empty? && values[waiting[-1]] < v
    waiting << i
  end
  result
end

tokens = $stdin.read.split.map(&:to_i)
puts next_greater(tokens[1, tokens[0]]).join(" ")
