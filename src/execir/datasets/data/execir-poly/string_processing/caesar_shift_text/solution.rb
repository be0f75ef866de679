def caesar(text, k)
  text.chars.map do |ch|
    if ch.between?("a", "z")
      ((ch.ord - 97 + k) % 26 + 97).chr
    elsif ch.between?("A", "Z")
      ((ch.ord - 65 + k) % 26 + 65).chr
    else
      ch
    end
  end.join
end

k = $stdin.gets.to_i
text = ($stdin.gets || "").chomp
puts caesar(text, k)
