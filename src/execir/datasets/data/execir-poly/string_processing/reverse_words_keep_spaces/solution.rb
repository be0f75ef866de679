def reverse_words(s)
  out = +""
  i = 0
  n = s.length
  while i < n
    if s[i] == " "
      out << " "
      i += 1
      next
    end
    j = i
    j += 1 while j < n && s[j] != " "
    out << s[i...j].reverse
    i = j
  end
  out
end

puts reverse_words(($stdin.gets || "").chomp)
