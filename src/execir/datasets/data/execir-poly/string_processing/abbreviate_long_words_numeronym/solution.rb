def abbreviate(words, limit)
  words.map do |word|
    if word.length > limit
      "#{word[0]}#{word.length - 2}#{word[-1]}"
    else
      word
    end
  end.join(" ")
end

limit = $stdin.gets.to_i
puts abbreviate(($stdin.gets || "").split, limit)
