def square?(points)
  dists = points.combination(2).map { |(x1, y1), (x2, y2)| (x1 - x2)**2 + (y1 - y2)**2 }.sort
  side = dists[0]
  side > 0 && dists[3] == side && dists[4] == dists[5] && dists[4] == 2 * side
end

data = $stdin.read.split.map(&:to_i)
data[0].times do |i|
  points = data[1 + 8 * i, 8].each_slice(2).to_a
  puts(square?(points) ? "yes" : "no")
end
