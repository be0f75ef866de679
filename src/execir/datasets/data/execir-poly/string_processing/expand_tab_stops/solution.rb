def expand_tabs(line, tabsize)
  out = +""
  col = 0
  line.each_char do |ch|
    if ch == "\t"
      spaces = tabsize - (col % tabsize)
      out << " " * spaces
      col += spaces
    else
      out << ch
      col += 1
    end
  end
  out
end

tabsize = $stdin.gets.to_i
$stdin.each_line { |line| puts expand_tabs(line.chomp, tabsize) }
