def add_minutes(clock, offset)
  hours, minutes = clock.split(":").map(&:to_i)
  total = (hours * 60 + minutes + offset) % (24 * 60)
  format("%02d:%02d", total / 60, total % 60)
end

data = $stdin.read.split
data[0].to_i.times { |i| puts add_minutes(data[1 + 2 * i], data[2 + 2 * i].to_i) }
