def tally(events)
  locked = true
  passes = alarms = wasted = 0
  events.each do |event|
    case event
    when "coin"
      if locked
        locked = false
      else
        wasted += 1
      end
    when "push"
      if locked
        alarms += 1
      else
        passes += 1
        locked = true
      end
    end
  end
  [passes, alarms, wasted]
end

puts tally($stdin.read.split).join(" ")
