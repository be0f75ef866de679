def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era, yoe = y.divmod(400)
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
end

def civil_from_days(z)
  era, doe = (z + 719468).divmod(146097)
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  mp = (5 * doy + 2) / 153
  d = doy - (153 * mp + 2) / 5 + 1
  m = mp < 10 ? mp + 3 : mp - 9
  format("%04d-%02d-%02d", yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
end

def add_working_days(start, n)
  day = days_from_civil(*start.split("-").map(&:to_i))
  while n > 0
    day += 1
    n -= 1 if (day + 3) % 7 < 5
  end
  civil_from_days(day)
end

data = $stdin.read.split
data[0].to_i.times { |i| puts add_working_days(data[1 + 2 * i], data[2 + 2 * i].to_i) }
