def merge_intervals(intervals)
  merged = []
  intervals.sort_by(&:first).each do |start, finish|
    if !merged.empty? && start <= merged[-1][1]
      merged[-1][1] = finish if finish > merged[-1][1]
    else
      merged << [start, finish]
    end
  end
  merged
end

tokens = $stdin.read.split.map(&:to_i)
intervals = tokens[1, 2 * tokens[0]].each_slice(2).to_a
merge_intervals(intervals).each { |start, finish| puts "#{start} #{finish}" }
