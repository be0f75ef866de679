def count_target_subarrays(values, target)
  seen = Hash.new(0)
  seen[0] = 1
  running = 0
  total = 0
  values.each do |value|
    running += value
    total += seen[running - target]
    seen[running] += 1
  end
  total
end

data = $stdin.read.split.map(&:to_i)
n, target = data[0], data[1]
puts count_target_subarrays(data[2, n], target)
