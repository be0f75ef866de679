def group_by_gap(values, max_gap)
  groups = []
  values.each_with_index do |v, i|
    if i.zero? || v - values[i - 1] > max_gap
      groups << [v]
    else
      groups[-1] << v
    end
  end
  groups
end

data = $stdin.read.split.map(&:to_i)
n, max_gap = data[0], data[1]
if max_gap < 0
  puts "invalid"
else
  groups = group_by_gap(data[2, n], max_gap)
  puts "none" if groups.empty?
  groups.each { |g| puts g.join(" ") }
end
