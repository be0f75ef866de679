def civil_from_days(z)
  era, doe = (z + 719468).divmod(146097)
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  mp = (5 * doy + 2) / 153
  d = doy - (153 * mp + 2) / 5 + 1
  m = mp < 10 ? mp + 3 : mp - 9
  [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d]
end

def utc_text(t)
  days, secs = t.divmod(86400)
  y, m, d = civil_from_days(days)
  format("%04d-%02d-%02d %02d:%02d:%02d", y, m, d, secs / 3600, secs / 60 % 60, secs % 60)
end

data = $stdin.read.split
data[1, data[0].to_i].each { |token| puts utc_text(token.to_i) }
