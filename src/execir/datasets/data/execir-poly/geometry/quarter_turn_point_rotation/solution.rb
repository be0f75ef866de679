def rotate_quarters(x, y, k)
  case k % 4
  when 1 then [-y, x]
  when 2 then [-x, -y]
  when 3 then [y, -x]
  else [x, y]
  end
end

data = $stdin.read.split.map(&:to_i)
data[0].times { |i| puts rotate_quarters(*data[1 + 3 * i, 3]).join(" ") }
