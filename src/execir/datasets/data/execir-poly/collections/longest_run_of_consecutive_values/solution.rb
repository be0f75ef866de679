require "set"

def longest_consecutive(values)
  present = values.to_set
  best = 0
  present.each do |v|
    next if present.include?(v - 1)
    length = 1
    length += 1 while present.include?(v + length)
    best = length if length > best
  end
  best
end

data = $stdin.read.split.map(&:to_i)
puts longest_consecutive(data[1, data[0]])
