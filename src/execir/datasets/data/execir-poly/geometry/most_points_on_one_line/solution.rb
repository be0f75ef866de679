def max_collinear(points)
  return points.length if points.length < 2
  best = 1
  points.each_with_index do |(x1, y1), i|
    counts = Hash.new(0)
    points[(i + 1)..].each do |x2, y2|
      dx = x2 - x1
      dy = y2 - y1
      g = dx.abs.gcd(dy.abs)
      dx /= g
      dy /= g
      dx, dy = -dx, -dy if dx < 0 || (dx.zero? && dy < 0)
      counts[[dx, dy]] += 1
      best = [best, counts[[dx, dy]] + 1].max
    end
  end
  best
end

data = $stdin.read.split.map(&:to_i)
puts max_collinear((0...data[0]).map { |i| [data[1 + 2 * i], data[2 + 2 * i]] })
