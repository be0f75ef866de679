def days_from_civil(y, m, d)
  y -= 1 if m <= 2
  era, yoe = y.divmod(400)
  doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1
  era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
end

def iso_week(year, month, day)
  days = days_from_civil(year, month, day)
  thursday = days - (days + 3) % 7 + 3
  week_year = year
  if thursday < days_from_civil(year, 1, 1)
    week_year -= 1
  elsif thursday >= days_from_civil(year + 1, 1, 1)
    week_year += 1
  end
  week = (thursday - days_from_civil(week_year, 1, 1)) / 7 + 1
  format("%04d-W%02d", week_year, week)
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts iso_week(*data[1 + 3 * i, 3]) }
