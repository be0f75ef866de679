def track_gate(events, capacity)
  occupancy = turned_away = peak = 0
  events.each do |event|
    if event == "in"
      if occupancy < capacity
        occupancy += 1
        peak = occupancy if occupancy > peak
      else
        turned_away += 1
      end
    elsif event == "out" && occupancy > 0
      occupancy -= 1
    end
  end
  [occupancy, turned_away, peak]
end

tokens = $stdin.read.split
puts track_gate(tokens[1..], tokens[0].to_i).join(" ")
