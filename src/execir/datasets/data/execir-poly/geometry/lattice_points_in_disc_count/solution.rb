def isqrt_exact(v)
  h = Math.sqrt(v).to_i
  h -= 1 while h * h > v
  h += 1 while (h + 1) * (h + 1) <= v
  h
end

def disc_points(r)
  return nil if r < 0
  total = 0
  (-r..r).each { |x| total += 2 * isqrt_exact(r * r - x * x) + 1 }
  total
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each do |r|
  count = disc_points(r)
  puts(count.nil? ? "invalid" : count)
end
