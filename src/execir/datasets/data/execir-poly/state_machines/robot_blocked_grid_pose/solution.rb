DX = [0, 1, 0, -1].freeze
DY = [1, 0, -1, 0].freeze

def final_pose(commands, blocked)
  x = y = h = 0
  commands.each_char do |c|
    case c
    when "L" then h = (h + 3) % 4
    when "R" then h = (h + 1) % 4
    when "F"
      nx = x + DX[h]
      ny = y + DY[h]
      x, y = nx, ny unless blocked.include?([nx, ny])
    end
  end
  [x, y, "NESW"[h]]
end

lines = $stdin.read.split("\n")
blocked = lines[1..].to_a.reject { |l| l.strip.empty? }.map { |l| l.split.map(&:to_i) }
puts final_pose(lines[0].to_s, blocked).join(" ")
