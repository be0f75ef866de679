FACTORS = { "h" => 3600, "m" => 60, "s" => 1 }.freeze

def parse_duration(text)
  total = 0
  digits = +""
  last = -1
  text.each_char do |ch|
    if ch.between?("0", "9")
      digits << ch
    elsif FACTORS.key?(ch)
      pos = "hms".index(ch)
      return nil if digits.empty? || pos <= last
      total += digits.to_i * FACTORS[ch]
      digits = +""
      last = pos
    else
      return nil
    end
  end
  return nil if !digits.empty? || last < 0
  total
end

lines = $stdin.read.split("\n", -1)
lines[1, lines[0].to_i].each do |line|
  seconds = parse_duration(line || "")
  puts(seconds.nil? ? "invalid" : seconds)
end
