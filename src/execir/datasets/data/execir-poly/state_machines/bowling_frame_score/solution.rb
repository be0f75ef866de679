def bowling_score(rolls)
  roll = ->(i) { i < rolls.length ? rolls[i] : 0 }
  total = 0
  i = 0
  10.times do
    break if i >= rolls.length
    if rolls[i] == 10
      total += 10 + roll.(i + 1) + roll.(i + 2)
      i += 1
    elsif roll.(i) + roll.(i + 1) == 10
      total += 10 + roll.(i + 2)
      i += 2
    else
      total += roll.(i) + roll.(i + 1)
      i += 2
    end
  end
  total
end

puts bowling_score($stdin.read.split.map(&:to_i))
