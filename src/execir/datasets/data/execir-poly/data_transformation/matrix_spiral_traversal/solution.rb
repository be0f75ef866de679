def spiral(m, rows, cols)
  out = []
  top, bottom, left, right = 0, rows - 1, 0, cols - 1
  while top <= bottom && left <= right
    (left..right).each { |c| out << m[top][c] }
    ((top + 1)..bottom).each { |r| out << m[r][right] }
    right.downto(left + 1).each { |c| out << m[bottom][c - 1] } if top < bottom
    (bottom - 1).downto(top + 1).each { |r| out << m[r][left] } if left < right
    top += 1
    bottom -= 1
    left += 1
    right -= 1
  end
  out
end

data = $stdin.read.split.map(&:to_i)
rows, cols = data[0], data[1]
m = (0...rows).map { |r| data[2 + r * cols, cols] }
puts spiral(m, rows, cols).join(" ")
