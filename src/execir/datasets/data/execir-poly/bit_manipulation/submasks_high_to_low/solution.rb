def submasks(mask)
  return [] if mask < 0
  result = []
  sub = mask
  loop do
    result << sub
    return result if sub.zero?
    sub = (sub - 1) & mask
  end
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each do |mask|
  subs = submasks(mask)
  puts(subs.empty? ? "none" : subs.join(" "))
end
