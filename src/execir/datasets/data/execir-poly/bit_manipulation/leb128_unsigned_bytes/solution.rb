def leb128(value)
  return nil if value < 0
  out = []
  loop do
    byte = value & 0x7F
    value >>= 7
    if value != 0
      out << (byte | 0x80)
    else
      out << byte
      return out
    end
  end
end

data = $stdin.read.split.map(&:to_i)
data[1, data[0]].each do |v|
  encoded = leb128(v)
  puts(encoded.nil? ? "invalid" : encoded.map { |b| format("%02X", b) }.join(" "))
end
