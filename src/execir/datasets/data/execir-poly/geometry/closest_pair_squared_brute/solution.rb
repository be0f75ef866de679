def closest_squared(points)
  best = -1
  points.each_with_index do |(x1, y1), i|
    points[(i + 1)..].each do |x2, y2|
      d = (x1 - x2)**2 + (y1 - y2)**2
      best = d if best < 0 || d < best
    end
  end
  best
end

data = $stdin.read.split.map(&:to_i)
puts closest_squared((0...data[0]).map { |i| [data[1 + 2 * i], data[2 + 2 * i]] })
