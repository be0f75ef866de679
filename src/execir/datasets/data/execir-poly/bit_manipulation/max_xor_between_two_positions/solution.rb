def max_pair_xor(nums)
  best = -1
  (0...nums.length).each do |i|
    ((i + 1)...nums.length).each do |j|
      value = nums[i] ^ nums[j]
      best = value if value > best
    end
  end
  best
end

data = $stdin.read.split.map(&:to_i)
puts max_pair_xor(data[1, data[0]])
