def distinct_per_window(items, k)
  return nil if k < 1 || k > items.length
  counts = Hash.new(0)
  result = []
  items.each_with_index do |item, i|
    counts[item] += 1
    if i >= k
      old = items[i - k]
      counts[old] -= 1
      counts.delete(old) if counts[old].zero?
    end
    result << counts.size if i >= k - 1
  end
  result
end

data = $stdin.read.split.map(&:to_i)
n, k = data[0], data[1]
result = distinct_per_window(data[2, n], k)
puts(result.nil? ? "none" : result.join(" "))
