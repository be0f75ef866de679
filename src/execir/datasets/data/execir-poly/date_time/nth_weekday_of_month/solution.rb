def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era, yoe = y.divmod(400)
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
end

def nth_weekday(year, month, weekday, n)
  lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  lengths[1] = 29 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  first = (days_from_civil(year, month, 1) + 3) % 7
  day = 1 + (weekday - first) % 7 + 7 * (n - 1)
  day <= lengths[month - 1] ? day : nil
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  day = nth_weekday(*data[1 + 4 * i, 4])
  puts(day.nil? ? "none" : day)
end
