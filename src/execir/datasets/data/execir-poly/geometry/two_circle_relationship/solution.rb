def classify(x1, y1, r1, x2, y2, r2)
  d2 = (x1 - x2)**2 + (y1 - y2)**2
  outer = (r1 + r2)**2
  inner = (r1 - r2)**2
  return "identical" if d2.zero? && r1 == r2
  return "separate" if d2 > outer
  return "external" if d2 == outer
  return "intersecting" if d2 > inner
  return "internal" if d2 == inner
  "contained"
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts classify(*data[1 + 6 * i, 6]) }
