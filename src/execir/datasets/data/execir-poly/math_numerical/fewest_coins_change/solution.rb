def fewest_coins(coins, amount)
  best = [0] + [nil] * amount
  (1..amount).each do |total|
    coins.each do |coin|
      next unless coin <= total && best[total - coin]
      candidate = best[total - coin] + 1
      best[total] = candidate if best[total].nil? || candidate < best[total]
    end
  end
  best[amount]
end

lines = $stdin.read.split("\n")
coins = lines[0].split.map(&:to_i)
lines[1..].each do |line|
  next if line.strip.empty?
  count = fewest_coins(coins, line.to_i)
  puts count.nil? ? "impossible" : count
end
