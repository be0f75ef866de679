def gcd_loop(a, b)
  a, b = b, a % b while b != 0
  a
end

def lattice_count(x1, y1, x2, y2)
  gcd_loop((x2 - x1).abs, (y2 - y1).abs) + 1
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts lattice_count(*data[1 + 4 * i, 4]) }
