def centred_sums(values, radius)
  prefix = [0]
  values.each { |v| prefix << prefix[-1] + v }
  n = values.length
  (0...n).map do |i|
    lo = [0, i - radius].max
    hi = [n - 1, i + radius].min
    prefix[hi + 1] - prefix[lo]
  end
end

data = $stdin.read.split.map(&:to_i)
n, radius = data[0], data[1]
puts(radius < 0 ? "invalid" : centred_sums(data[2, n], radius).join(" "))
