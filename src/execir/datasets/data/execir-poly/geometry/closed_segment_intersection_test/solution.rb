def orient(a, b, c)
  ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) <=> 0
end

def on_box(a, b, c)
  c[0].between?(*[a[0], b[0]].minmax) && c[1].between?(*[a[1], b[1]].minmax)
end

def intersect(p1, p2, p3, p4)
  d1 = orient(p3, p4, p1)
  d2 = orient(p3, p4, p2)
  d3 = orient(p1, p2, p3)
  d4 = orient(p1, p2, p4)
  return true if d1 * d2 < 0 && d3 * d4 < 0
  (d1.zero? && on_box(p3, p4, p1)) || (d2.zero? && on_box(p3, p4, p2)) ||
    (d3.zero? && on_box(p1, p2, p3)) || (d4.zero? && on_box(p1, p2, p4))
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  pts = data[1 + 8 * i, 8].each_slice(2).to_a
  puts(intersect(*pts) ? "yes" : "no")
end
