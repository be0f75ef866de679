def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era = y / 400
  yoe = y - era * 400
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  era * 146097 + doe - 719468
end

def signed_days(start, finish)
  days_from_civil(*finish.split("-").map(&:to_i)) - days_from_civil(*start.split("-").map(&:to_i))
end

data = $stdin.read.split
data[0].to_i.times { |i| puts signed_days(data[1 + 2 * i], data[2 + 2 * i]) }
