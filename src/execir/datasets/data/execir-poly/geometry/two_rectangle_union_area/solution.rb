def union_area(x1, y1, x2, y2, x3, y3, x4, y4)
  ax1, ax2 = [x1, x2].minmax
  ay1, ay2 = [y1, y2].minmax
  bx1, bx2 = [x3, x4].minmax
  by1, by2 = [y3, y4].minmax
  width = [0, [ax2, bx2].min - [ax1, bx1].max].max
  height = [0, [ay2, by2].min - [ay1, by1].max].max
  (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - width * height
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts union_area(*data[1 + 8 * i, 8]) }
