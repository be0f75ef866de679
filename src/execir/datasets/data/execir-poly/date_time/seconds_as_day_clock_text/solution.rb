def day_clock(seconds)
  return nil if seconds < 0
  days, rest = seconds.divmod(86400)
  hours, rest = rest.divmod(3600)
  minutes, secs = rest.divmod(60)
  clock = format("%02d:%02d:%02d", hours, minutes, secs)
  days > 0 ? "#{days}d #{clock}" : clock
end

data = $stdin.read.split
data[1, data[0].to_i].each do |token|
  text = day_clock(token.to_i)
  puts(text.nil? ? "invalid" : text)
end
