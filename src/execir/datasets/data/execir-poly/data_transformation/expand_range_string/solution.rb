def parse_number(text)
  return nil unless text.match?(/\A-?[0-9]+\z/)
  text.to_i
end

def expand(text)
  return [] if text.strip.empty?
  values = []
  text.split(",", -1).each do |raw|
    part = raw.gsub(/\A +| +\z/, "")
    cut = part.length > 1 ? part.index("-", 1) : nil
    low = parse_number(cut ? part[0...cut] : part)
    high = parse_number(cut ? part[(cut + 1)..] : part)
    return nil if low.nil? || high.nil? || low > high
    values.concat((low..high).to_a)
  end
  values.uniq.sort
end

result = expand(($stdin.gets || "").chomp)
puts(result.nil? ? "invalid" : result.join(" "))
