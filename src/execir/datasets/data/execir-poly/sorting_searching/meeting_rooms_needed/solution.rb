def rooms_needed(meetings)
  starts = meetings.map(&:first).sort
  ends = meetings.map(&:last).sort
  rooms = best = j = 0
  starts.each do |s|
    while j < ends.length && ends[j] <= s
      j += 1
      rooms -= 1
    end
    rooms += 1
    best = rooms if rooms > best
  end
  best
end

tokens = $stdin.read.split.map(&:to_i)
puts rooms_needed(tokens[1, 2 * tokens[0]].each_slice(2).to_a)
