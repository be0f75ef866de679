def lone_value(nums)
  result = 0
  31.times do |bit|
    count = 0
    nums.each { |x| count += (x >> bit) & 1 }
    result |= 1 << bit if count % 3 == 1
  end
  result
end

data = $stdin.read.split.map(&:to_i)
puts lone_value(data[1, data[0]])
