def selection_swaps(data)
  swaps = 0
  (0...(data.length - 1)).each do |i|
    smallest = i
    ((i + 1)...data.length).each do |j|
      smallest = j if data[j] < data[smallest]
    end
    next if smallest == i
    data[i], data[smallest] = data[smallest], data[i]
    swaps += 1
  end
  swaps
end

tokens = $stdin.read.split.map(&:to_i)
values = tokens[1, tokens[0]]
puts selection_swaps(values)
puts values.join(" ")
