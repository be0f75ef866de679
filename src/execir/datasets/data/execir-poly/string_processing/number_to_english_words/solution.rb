ONES = %w[zero one two three four five six seven eight nine ten eleven twelve thirteen
          fourteen fifteen sixteen seventeen eighteen nineteen].freeze
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
        "ninety"].freeze

def below_hundred(m)
  return ONES[m] if m < 20
  word = TENS[m / 10]
  word += "-#{ONES[m % 10]}" if m % 10 != 0
  word
end

def number_words(n)
  return "invalid" if n < 0 || n > 999
  return below_hundred(n) if n < 100
  word = "#{ONES[n / 100]} hundred"
  word += " and #{below_hundred(n % 100)}" if n % 100 != 0
  word
end

$stdin.each_line do |line|
  puts number_words(line.to_i) unless line.strip.empty?
end
