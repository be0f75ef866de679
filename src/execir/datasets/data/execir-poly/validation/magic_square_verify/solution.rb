def magic?(grid, n)
  seen = Array.new(n * n + 1, false)
  grid.flatten.each do |v|
    return false if v < 1 || v > n * n || seen[v]
    seen[v] = true
  end
  target = n * (n * n + 1) / 2
  n.times do |i|
    return false if grid[i].sum != target
    return false if (0...n).sum { |r| grid[r][i] } != target
  end
  return false if (0...n).sum { |i| grid[i][i] } != target
  (0...n).sum { |i| grid[i][n - 1 - i] } == target
end

tokens = $stdin.read.split.map(&:to_i)
n = tokens[0]
grid = tokens[1, n * n].each_slice(n).to_a
puts magic?(grid, n) ? "magic" : "not magic"
