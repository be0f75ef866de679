def twice_area(points)
  total = 0
  points.each_with_index do |(x1, y1), i|
    x2, y2 = points[(i + 1) % points.length]
    total += x1 * y2 - x2 * y1
  end
  total.abs
end

data = $stdin.read.split.map(&:to_i)
n = data[0]
points = (0...n).map { |i| [data[1 + 2 * i], data[2 + 2 * i]] }
doubled = n >= 3 ? twice_area(points) : 0
puts "#{doubled / 2}.#{doubled.odd? ? 5 : 0}"
