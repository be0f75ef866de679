def rotate_clockwise(grid, rows, cols)
  (0...cols).map { |i| (0...rows).map { |j| grid[rows - 1 - j][i] } }
end

data = $stdin.read.split.map(&:to_i)
rows, cols = data[0], data[1]
grid = (0...rows).map { |r| data[2 + r * cols, cols] }
rotate_clockwise(grid, rows, cols).each { |row| puts row.join(" ") }
