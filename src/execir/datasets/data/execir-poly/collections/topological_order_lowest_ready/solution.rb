def smallest_first_order(n, edges)
  indegree = Array.new(n, 0)
  children = Array.new(n) { [] }
  edges.each do |u, v|
    children[u] << v
    indegree[v] += 1
  end
  ready = (0...n).select { |i| indegree[i].zero? }
  order = []
  until ready.empty?
    node = ready.min
    ready.delete(node)
    order << node
    children[node].each do |child|
      indegree[child] -= 1
      ready << child if indegree[child].zero?
    end
  end
  order.length == n ? order : nil
end

data = $stdin.read.split.map(&:to_i)
n, m = data[0], data[1]
edges = (0...m).map { |i| [data[2 + 2 * i], data[3 + 2 * i]] }
order = smallest_first_order(n, edges)
puts(order.nil? ? "cycle" : order.join(" "))
