def cross(o, a, b)
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
end

def half_hull(points)
  chain = []
  points.each do |p|
    chain.pop while chain.length >= 2 && cross(chain[-2], chain[-1], p) <= 0
    chain << p
  end
  chain[0...-1]
end

def convex_hull(points)
  pts = points.uniq.sort
  return pts if pts.length <= 2
  half_hull(pts) + half_hull(pts.reverse)
end

data = $stdin.read.split.map(&:to_i)
hull = convex_hull((0...data[0]).map { |i| [data[1 + 2 * i], data[2 + 2 * i]] })
puts hull.length
hull.each { |x, y| puts "#{x} #{y}" }
