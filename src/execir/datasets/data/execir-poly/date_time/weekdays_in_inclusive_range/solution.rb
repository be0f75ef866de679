def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era = y / 400
  yoe = y - era * 400
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
end

def business_days(start, finish)
  first = days_from_civil(*start.split("-").map(&:to_i))
  last = days_from_civil(*finish.split("-").map(&:to_i))
  (first..last).count { |day| (day + 3) % 7 < 5 }
end

data = $stdin.read.split
data[0].to_i.times { |i| puts business_days(data[1 + 2 * i], data[2 + 2 * i]) }
