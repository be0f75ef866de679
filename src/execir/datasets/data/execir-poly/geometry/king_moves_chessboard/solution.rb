def parse_square(name)
  return nil unless name.length == 2 && ("a".."h").include?(name[0]) && ("1".."8").include?(name[1])
  [name[0].ord - "a".ord, name[1].to_i]
end

def king_moves(a, b)
  start = parse_square(a)
  goal = parse_square(b)
  return nil if start.nil? || goal.nil?
  [(start[0] - goal[0]).abs, (start[1] - goal[1]).abs].max
end

data = $stdin.read.split
data[0].to_i.times do |i|
  moves = king_moves(data[1 + 2 * i], data[2 + 2 * i])
  puts(moves.nil? ? "invalid" : moves)
end
