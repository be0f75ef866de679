def date_exists?(year, month, day)
  return false if year < 1 || month < 1 || month > 12 || day < 1
  leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  limit = if month == 2
            leap ? 29 : 28
          elsif [4, 6, 9, 11].include?(month)
            30
          else
            31
          end
  day <= limit
end

$stdin.each_line do |line|
  parts = line.split
  next unless parts.length == 3
  y, m, d = parts.map(&:to_i)
  puts date_exists?(y, m, d) ? "valid" : "invalid"
end
