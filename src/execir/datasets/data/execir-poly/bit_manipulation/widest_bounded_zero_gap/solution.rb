def widest_gap(n)
  best = 0
  gap = -1
  while n > 0
    if n & 1 == 1
      best = gap if gap > best
      gap = 0
    elsif gap >= 0
      gap += 1
    end
    n >>= 1
  end
  best
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each { |n| puts widest_gap(n) }
