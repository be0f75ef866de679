def window_maximums(values, k)
  return nil if k < 1 || k > values.length
  window = []
  result = []
  values.each_with_index do |value, i|
    window.shift while !window.empty? && window[0] <= i - k
    window.pop while !window.empty? && values[window[-1]] <= value
    window << i
    result << values[window[0]] if i >= k - 1
  end
  result
end

data = $stdin.read.split.map(&:to_i)
n, k = data[0], data[1]
result = window_maximums(data[2, n], k)
puts(result.nil? ? "none" : result.join(" "))
