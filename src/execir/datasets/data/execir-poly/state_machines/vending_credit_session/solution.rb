def session(coins, price)
  credit = items = rejected = 0
  coins.each do |coin|
    unless [5, 10, 25].include?(coin)
      rejected += coin
      next
    end
    credit += coin
    if credit >= price
      items += 1
      credit -= price
    end
  end
  [items, credit, rejected]
end

tokens = $stdin.read.split.map(&:to_i)
puts session(tokens[1..], tokens[0]).join(" ")
