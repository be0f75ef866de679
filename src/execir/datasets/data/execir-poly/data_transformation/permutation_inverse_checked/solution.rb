def invert(perm)
  n = perm.length
  inverse = Array.new(n, -1)
  perm.each_with_index do |p, i|
    return nil if p < 0 || p >= n || inverse[p] != -1
    inverse[p] = i
  end
  inverse
end

data = $stdin.read.split.map(&:to_i)
result = invert(data[1, data[0]])
puts(result.nil? ? "invalid" : result.join(" "))
