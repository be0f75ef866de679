def lis_length(values)
  tails = []
  values.each do |v|
    lo = 0
    hi = tails.length
    while lo < hi
      mid = (lo + hi) / 2
      if tails[mid] < v
        lo = mid + 1
      else
        hi = mid
      end
    end
    tails[lo] = v
  end
  tails.length
end

tokens = $stdin.read.split.map(&:to_i)
puts lis_length(tokens[1, tokens[0]])
