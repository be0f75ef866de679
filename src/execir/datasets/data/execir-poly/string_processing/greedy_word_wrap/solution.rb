def wrap(words, width)
  lines = []
  current = +""
  words.each do |word|
    if current.empty?
      current = word.dup
    elsif current.length + 1 + word.length <= width
      current << " " << word
    else
      lines << current
      current = word.dup
    end
  end
  lines << current unless current.empty?
  lines
end

tokens = $stdin.read.split
puts wrap(tokens[1..], tokens[0].to_i).join("\n")
