NAMES = %w[Saturday Sunday Monday Tuesday Wednesday Thursday Friday].freeze

def weekday_name(year, month, day)
  if month < 3
    month += 12
    year -= 1
  end
  k = year % 100
  j = year / 100
  h = (day + (13 * (month + 1)) / 5 + k + k / 4 + j / 4 + 5 * j) % 7
  NAMES[h]
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts weekday_name(*data[1 + 3 * i, 3]) }
