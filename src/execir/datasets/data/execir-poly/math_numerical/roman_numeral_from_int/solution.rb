TABLE = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
         [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]].freeze

def to_roman(n)
  return "invalid" if n < 1 || n > 3999
  out = +""
  TABLE.each do |value, symbol|
    while n >= value
      out << symbol
      n -= value
    end
  end
  out
end

$stdin.each_line do |line|
  next if line.strip.empty?
  puts to_roman(line.to_i)
end
