def vigenere(text, key)
  return text if key.empty?
  k = 0
  text.chars.map do |ch|
    next ch unless ch.match?(/[A-Za-z]/)
    shift = key[k % key.length].ord - "a".ord
    base = ch.between?("a", "z") ? "a".ord : "A".ord
    k += 1
    (base + (ch.ord - base + shift) % 26).chr
  end.join
end

key = ($stdin.gets || "").strip
text = ($stdin.gets || "").chomp
puts vigenere(text, key)
