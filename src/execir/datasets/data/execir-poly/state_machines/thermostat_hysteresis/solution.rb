def thermostat(readings, low, high)
  heating = false
  activations = 0
  states = readings.map do |temp|
    if temp < low
      activations += 1 unless heating
      heating = true
    elsif temp > high
      heating = false
    end
    heating
  end
  [states, activations]
end

tokens = $stdin.read.split.map(&:to_i)
states, activations = thermostat(tokens[2..], tokens[0], tokens[1])
puts states.map { |s| s ? "on" : "off" }.join(" ")
puts activations
