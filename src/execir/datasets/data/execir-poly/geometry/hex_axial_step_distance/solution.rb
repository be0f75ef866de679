def hex_distance(q1, r1, q2, r2)
  dq = q2 - q1
  dr = r2 - r1
  (dq.abs + dr.abs + (dq + dr).abs) / 2
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts hex_distance(*data[1 + 4 * i, 4]) }
