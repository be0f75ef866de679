def anti_diagonals(matrix, rows, cols)
  groups = Array.new(rows + cols - 1) { [] }
  rows.times do |r|
    cols.times { |c| groups[r + c] << matrix[r][c] }
  end
  groups
end

data = $stdin.read.split.map(&:to_i)
rows, cols = data[0], data[1]
matrix = (0...rows).map { |r| data[2 + r * cols, cols] }
anti_diagonals(matrix, rows, cols).each { |group| puts group.join(" ") }
