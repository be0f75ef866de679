def boundary(values, x, inclusive)
  lo = 0
  hi = values.length
  while lo < hi
    mid = (lo + hi) / 2
    if values[mid] < x || (inclusive && values[mid] == x)
      lo = mid + 1
    else
      hi = mid
    end
  end
  lo
end

def count_in_range(values, low, high)
  return 0 if low > high
  boundary(values, high, true) - boundary(values, low, false)
end

data = $stdin.read.split.map(&:to_i)
n = data[0]
values = data[1, n]
data[(1 + n)..].each_slice(2) do |low, high|
  puts count_in_range(values, low, high) unless high.nil?
end
