def intersect(a, b)
  out = []
  i = j = 0
  while i < a.length && j < b.length
    if a[i] == b[j]
      out << a[i]
      i += 1
      j += 1
    elsif a[i] < b[j]
      i += 1
    else
      j += 1
    end
  end
  out
end

tokens = $stdin.read.split.map(&:to_i)
n = tokens[0]
a = tokens[1, n]
b = tokens[2 + n, tokens[1 + n]]
puts intersect(a, b).join(" ")
