NAMES = %w[love fifteen thirty forty].freeze

def score_call(points)
  a = b = 0
  points.each_char do |p|
    if p == "A"
      a += 1
    else
      b += 1
    end
    return(a > b ? "game A" : "game B") if (a >= 4 || b >= 4) && (a - b).abs >= 2
  end
  if a >= 3 && b >= 3
    return "deuce" if a == b
    return a > b ? "advantage A" : "advantage B"
  end
  "#{NAMES[a]}-#{NAMES[b]}"
end

$stdin.each_line do |line|
  game = line.strip
  puts score_call(game) unless game.empty?
end
