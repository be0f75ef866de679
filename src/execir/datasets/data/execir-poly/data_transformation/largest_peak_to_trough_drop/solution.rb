def max_drawdown(values)
  best = 0
  peak = nil
  values.each do |v|
    peak = v if peak.nil? || v > peak
    best = peak - v if peak - v > best
  end
  best
end

data = $stdin.read.split.map(&:to_i)
puts max_drawdown(data[1, data[0]])
