def majority(items)
  candidate = nil
  votes = 0
  items.each do |item|
    if votes.zero?
      candidate = item
      votes = 1
    elsif item == candidate
      votes += 1
    else
      votes -= 1
    end
  end
  items.count(candidate) * 2 > items.length ? candidate : nil
end

data = $stdin.read.split.map(&:to_i)
result = majority(data[1, data[0]])
puts(result.nil? ? "none" : result)
