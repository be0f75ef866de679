def frequency_order(values)
  counts = Hash.new(0)
  values.each { |v| counts[v] += 1 }
  distinct = counts.keys.sort do |a, b|
    counts[a] != counts[b] ? counts[b] <=> counts[a] : a <=> b
  end
  distinct.flat_map { |v| [v] * counts[v] }
end

tokens = $stdin.read.split.map(&:to_i)
puts frequency_order(tokens[1, tokens[0]]).join(" ")
