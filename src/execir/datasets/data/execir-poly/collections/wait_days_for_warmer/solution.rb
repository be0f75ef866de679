def days_until_warmer(temps)
  result = Array.new(temps.length, 0)
  waiting = []
  temps.each_with_index do |temp, i|
    while !waiting.empty? && temps[waiting[-1]] < temp
      j = waiting.pop
      result[j] = i - j
    end
    waiting << i
  end
  result
end

data = $stdin.read.split.map(&:to_i)
puts days_until_warmer(data[1, data[0]]).join(" ")
