def to_minutes(text)
  text[0, 2].to_i * 60 + text[3, 2].to_i
end

def merge_slots(slots)
  merged = []
  slots.sort.each do |start, finish|
    if !merged.empty? && start <= merged[-1][1]
      merged[-1][1] = [merged[-1][1], finish].max
    else
      merged << [start, finish]
    end
  end
  merged
end

data = $stdin.read.split
n = data[0].to_i
slots = (0...n).map { |i| [to_minutes(data[1 + 2 * i]), to_minutes(data[2 + 2 * i])] }
merged = merge_slots(slots)
puts "none" if merged.empty?
merged.each { |s, e| puts format("%02d:%02d-%02d:%02d", s / 60, s % 60, e / 60, e % 60) }
