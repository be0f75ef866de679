def to_ranges(nums)
  values = nums.uniq.sort
  parts = []
  i = 0
  while i < values.length
    j = i
    j += 1 while j + 1 < values.length && values[j + 1] == values[j] + 1
    parts << (j > i ? "#{values[i]}-#{values[j]}" : values[i].to_s)
    i = j + 1
  end
  parts.join(",")
end

data = $stdin.read.split.map(&:to_i)
puts to_ranges(data[1, data[0]])
