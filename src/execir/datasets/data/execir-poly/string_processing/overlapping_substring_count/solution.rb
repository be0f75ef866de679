def count_overlapping(text, sub)
  return 0 if sub.empty?
  count = 0
  (0..(text.length - sub.length)).each do |i|
    matched = true
    sub.length.times do |j|
      if text[i + j] != sub[j]
        matched = false
        break
      end
    end
    count += 1 if matched
  end
  count
end

pattern = ($stdin.gets || "").chomp
text = ($stdin.gets || "").chomp
puts count_overlapping(text, pattern)
