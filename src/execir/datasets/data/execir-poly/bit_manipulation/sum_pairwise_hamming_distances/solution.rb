def total_hamming(nums)
  total = 0
  31.times do |bit|
    ones = 0
    nums.each { |x| ones += (x >> bit) & 1 }
    total += ones * (nums.length - ones)
  end
  total
end

data = $stdin.read.split.map(&:to_i)
puts total_hamming(data[1, data[0]])
