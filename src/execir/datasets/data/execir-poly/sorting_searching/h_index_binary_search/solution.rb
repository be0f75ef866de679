def h_index(citations)
  n = citations.length
  lo = 0
  hi = n - 1
  while lo <= hi
    mid = (lo + hi) / 2
    if citations[mid] >= n - mid
      hi = mid - 1
    else
      lo = mid + 1
    end
  end
  n - lo
end

tokens = $stdin.read.split.map(&:to_i)
puts h_index(tokens[1, tokens[0]])
