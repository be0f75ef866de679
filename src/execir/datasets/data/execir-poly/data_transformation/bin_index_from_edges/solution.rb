def bin_indices(values, edges)
  values.map do |v|
    index = -1
    edges.each_with_index { |edge, i| index = i if v >= edge }
    index
  end
end

data = $stdin.read.split.map(&:to_i)
n, m = data[0], data[1]
values = data[2, n]
edges = data[2 + n, m]
puts(m < 2 ? "invalid" : bin_indices(values, edges).join(" "))
