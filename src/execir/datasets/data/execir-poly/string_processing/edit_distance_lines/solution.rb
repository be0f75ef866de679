def edit_distance(a, b)
  prev = (0..b.length).to_a
  (1..a.length).each do |i|
    cur = [i] + [0] * b.length
    (1..b.length).each do |j|
      cost = a[i - 1] == b[j - 1] ? 0 : 1
      cur[j] = [prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost].min
    end
    prev = cur
  end
  prev[b.length]
end

a = ($stdin.gets || "").chomp
b = ($stdin.gets || "").chomp
puts edit_distance(a, b)
