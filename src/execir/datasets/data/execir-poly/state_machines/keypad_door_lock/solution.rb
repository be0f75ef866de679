def keypad_state(keys, code, max_failures)
  state = "locked"
  entry = +""
  failures = 0
  keys.each_char do |key|
    break if state != "locked"
    if key == "#"
      if entry == code
        state = "open"
      else
        failures += 1
        state = "blocked" if failures >= max_failures
      end
      entry = +""
    else
      entry << key
    end
  end
  state
end

lines = $stdin.read.split("\n")
code, limit = lines[0].split
puts keypad_state(lines[1].to_s.strip, code, limit.to_i)
