def turn(ax, ay, bx, by, cx, cy)
  cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
  if cross > 0
    "left"
  elsif cross < 0
    "right"
  else
    "straight"
  end
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts turn(*data[1 + 6 * i, 6]) }
