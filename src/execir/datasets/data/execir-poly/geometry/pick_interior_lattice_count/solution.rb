def gcd_loop(a, b)
  a, b = b, a % b while b != 0
  a
end

def interior_points(points)
  twice_area = 0
  boundary = 0
  points.each_with_index do |(x1, y1), i|
    x2, y2 = points[(i + 1) % points.length]
    twice_area += x1 * y2 - x2 * y1
    boundary += gcd_loop((x2 - x1).abs, (y2 - y1).abs)
  end
  (twice_area.abs - boundary + 2) / 2
end

data = $stdin.read.split.map(&:to_i)
puts interior_points((0...data[0]).map { |i| [data[1 + 2 * i], data[2 + 2 * i]] })
