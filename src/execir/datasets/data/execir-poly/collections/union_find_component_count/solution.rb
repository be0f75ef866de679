def count_components(n, edges)
  parent = (0...n).to_a
  find = lambda do |x|
    x = parent[x] while parent[x] != x
    x
  end
  components = n
  edges.each do |u, v|
    next if u < 0 || v < 0 || u >= n || v >= n
    ru = find.call(u)
    rv = find.call(v)
    if ru != rv
      parent[ru] = rv
      components -= 1
    end
  end
  components
end

data = $stdin.read.split.map(&:to_i)
n, m = data[0], data[1]
puts count_components(n, (0...m).map { |i| [data[2 + 2 * i], data[3 + 2 * i]] })
