def search_rotated(nums, target)
  lo = 0
  hi = nums.length - 1
  while lo <= hi
    mid = (lo + hi) / 2
    return mid if nums[mid] == target
    if nums[lo] <= nums[mid]
      if nums[lo] <= target && target < nums[mid]
        hi = mid - 1
      else
        lo = mid + 1
      end
    elsif nums[mid] < target && target <= nums[hi]
      lo = mid + 1
    else
      hi = mid - 1
    end
  end
  -1
end

data = $stdin.read.split.map(&:to_i)
n = data[0]
nums = data[1, n]
data[(1 + n)..].each { |target| puts search_rotated(nums, target) }
