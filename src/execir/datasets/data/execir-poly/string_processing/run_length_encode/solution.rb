def encode(text)
  out = +""
  i = 0
  while i < text.length
    j = i
    j += 1 while j < text.length && text[j] == text[i]
    out << text[i] << (j - i).to_s
    i = j
  end
  out
end

line = ($stdin.gets || "").chomp
puts encode(line)
