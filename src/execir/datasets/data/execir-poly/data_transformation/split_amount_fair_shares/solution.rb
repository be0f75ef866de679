def split_amount(amount, parts)
  return nil if parts < 1 || amount < 0
  base, extra = amount.divmod(parts)
  (0...parts).map { |i| i < extra ? base + 1 : base }
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  shares = split_amount(data[1 + 2 * i], data[2 + 2 * i])
  puts(shares.nil? ? "invalid" : shares.join(" "))
end
