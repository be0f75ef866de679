def competition_ranks(scores)
  order = (0...scores.length).sort_by { |i| [-scores[i], i] }
  ranks = Array.new(scores.length, 0)
  order.each_with_index do |idx, pos|
    ranks[idx] = if pos > 0 && scores[idx] == scores[order[pos - 1]]
                   ranks[order[pos - 1]]
                 else
                   pos + 1
                 end
  end
  ranks
end

tokens = $stdin.read.split.map(&:to_i)
puts competition_ranks(tokens[1, tokens[0]]).join(" ")
