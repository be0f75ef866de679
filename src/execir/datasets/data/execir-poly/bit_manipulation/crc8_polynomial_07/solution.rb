def crc8(data)
  crc = 0
  data.each do |byte|
    return nil if byte < 0 || byte > 255
    crc ^= byte
    8.times do
      crc = if crc & 0x80 != 0
              ((crc << 1) ^ 0x07) & 0xFF
            else
              (crc << 1) & 0xFF
            end
    end
  end
  crc
end

tokens = $stdin.read.split.map(&:to_i)
result = crc8(tokens[1, tokens[0]])
puts(result.nil? ? "invalid" : format("%02X", result))
