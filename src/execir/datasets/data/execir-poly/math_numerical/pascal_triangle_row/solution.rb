def pascal_row(n)
  row = [1]
  n.times do |k|
    row << row[k] * (n - k) / (k + 1)
  end
  row
end

$stdin.each_line do |line|
  next if line.strip.empty?
  n = line.to_i
  puts n < 0 ? "invalid" : pascal_row(n).join(" ")
end
