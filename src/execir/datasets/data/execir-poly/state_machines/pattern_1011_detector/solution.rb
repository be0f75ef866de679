STEP = [[0, 1], [2, 1], [0, 3], [2, 4], [2, 1]].freeze

def count_1011(bits)
  state = 0
  count = 0
  bits.each_char do |ch|
    unless ch == "0" || ch == "1"
      state = 0
      next
    end
    state = STEP[state][ch.to_i]
    count += 1 if state == 4
  end
  count
end

$stdin.each_line do |line|
  word = line.strip
  puts count_1011(word) unless word.empty?
end
