def checksum16(words)
  total = 0
  words.each do |word|
    return nil if word < 0 || word > 0xFFFF
    total += word
    total = (total & 0xFFFF) + (total >> 16) while total > 0xFFFF
  end
  ~total & 0xFFFF
end

data = $stdin.read.split.map(&:to_i)
result = checksum16(data[1, data[0]])
puts(result.nil? ? "invalid" : format("%04X", result))
