def snake_flatten(grid)
  out = []
  grid.each_with_index do |row, r|
    out.concat(r.even? ? row : row.reverse)
  end
  out
end

data = $stdin.read.split.map(&:to_i)
rows, cols = data[0], data[1]
grid = (0...rows).map { |r| data[2 + r * cols, cols] }
puts snake_flatten(grid).join(" ")
