def day_of_year(year, month, day)
  lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  lengths[1] = 29 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  return nil if month < 1 || month > 12 || day < 1 || day > lengths[month - 1]
  total = 0
  (month - 1).times { |i| total += lengths[i] }
  total + day
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  result = day_of_year(*data[1 + 3 * i, 3])
  puts(result.nil? ? "invalid" : result)
end
