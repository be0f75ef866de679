def elimination_order(n, step)
  return [] if n < 1 || step < 1
  people = (1..n).to_a
  order = []
  index = 0
  until people.empty?
    index = (index + step - 1) % people.length
    order << people.delete_at(index)
  end
  order
end

n, step = $stdin.read.split.map(&:to_i)
order = elimination_order(n, step)
puts(order.empty? ? "none" : order.join(" "))
