def encode_labels(labels, min_count)
  counts = labels.tally
  mapping = {}
  codes = labels.map do |label|
    next -1 if counts[label] < min_count
    mapping[label] = mapping.size unless mapping.key?(label)
    mapping[label]
  end
  [codes, mapping.keys]
end

data = $stdin.read.split
n = data[0].to_i
min_count = data[1].to_i
codes, kept = encode_labels(data[2, n], min_count)
puts codes.join(" ")
puts kept.join(" ")
