def rail_fence(message, rails)
  return message if rails <= 1
  rows = Array.new(rails) { +"" }
  cycle = 2 * (rails - 1)
  message.each_char.with_index do |ch, i|
    pos = i % cycle
    row = pos < rails ? pos : cycle - pos
    rows[row] << ch
  end
  rows.join
end

rails = $stdin.gets.to_i
message = ($stdin.gets || "").chomp
puts rail_fence(message, rails)
