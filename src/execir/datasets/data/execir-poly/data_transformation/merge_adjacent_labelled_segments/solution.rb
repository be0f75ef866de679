def merge_segments(segments)
  merged = []
  segments.each do |start, finish, label|
    if !merged.empty? && merged[-1][1] == start && merged[-1][2] == label
      merged[-1][1] = finish
    else
      merged << [start, finish, label]
    end
  end
  merged
end

data = $stdin.read.split
n = data[0].to_i
segments = (0...n).map { |i| [data[1 + 3 * i].to_i, data[2 + 3 * i].to_i, data[3 + 3 * i]] }
merged = merge_segments(segments)
puts "none" if merged.empty?
merged.each { |seg| puts seg.join(" ") }
