def run(ops)
  stack = []
  mins = []
  answers = []
  ops.each do |op|
    case op[0]
    when "push"
      value = op[1].to_i
      stack.push(value)
      mins.push(mins.empty? || value < mins[-1] ? value : mins[-1])
    when "pop"
      unless stack.empty?
        stack.pop
        mins.pop
      end
    else
      answers << (mins.empty? ? "empty" : mins[-1].to_s)
    end
  end
  answers
end

lines = $stdin.read.split("\n")
q = lines[0].to_i
puts run(lines[1, q].map(&:split))
