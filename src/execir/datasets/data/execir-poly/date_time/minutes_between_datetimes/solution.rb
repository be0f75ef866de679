def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era, yoe = y.divmod(400)
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
end

def to_minutes(date, clock)
  days_from_civil(*date.split("-").map(&:to_i)) * 1440 + clock[0, 2].to_i * 60 + clock[3, 2].to_i
end

data = $stdin.read.split
data[0].to_i.times do |i|
  a, b, c, d = data[1 + 4 * i, 4]
  puts to_minutes(c, d) - to_minutes(a, b)
end
