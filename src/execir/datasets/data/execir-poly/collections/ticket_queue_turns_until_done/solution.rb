def turns_until_done(tickets, k)
  return nil if k < 0 || k >= tickets.length
  queue = tickets.each_with_index.map { |t, i| [i, t] }
  time = 0
  until queue.empty?
    i, t = queue.shift
    time += 1
    if t == 1
      return time if i == k
    else
      queue.push([i, t - 1])
    end
  end
  time
end

data = $stdin.read.split.map(&:to_i)
n, k = data[0], data[1]
result = turns_until_done(data[2, n], k)
puts(result.nil? ? "invalid" : result)
