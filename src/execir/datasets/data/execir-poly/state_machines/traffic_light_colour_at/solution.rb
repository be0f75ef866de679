NAMES = %w[green yellow red].freeze

def colour_at(t, lengths)
  return "invalid" if t < 0
  cycle = 0
  lengths.each { |length| cycle += length }
  t %= cycle
  lengths.each_with_index do |length, i|
    return NAMES[i] if t < length
    t -= length
  end
  "invalid"
end

tokens = $stdin.read.split.map(&:to_i)
lengths = tokens[0, 3]
tokens[3..].each { |t| puts colour_at(t, lengths) }
