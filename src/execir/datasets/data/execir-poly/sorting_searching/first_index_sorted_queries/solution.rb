def first_index(values, target)
  lo = 0
  hi = values.length - 1
  found = -1
  while lo <= hi
    mid = (lo + hi) / 2
    if values[mid] == target
      found = mid
      hi = mid - 1
    elsif values[mid] < target
      lo = mid + 1
    else
      hi = mid - 1
    end
  end
  found
end

data = $stdin.read.split.map(&:to_i)
n = data[0]
values = data[1, n]
data[(1 + n)..].each { |target| puts first_index(values, target) }
