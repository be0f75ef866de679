def age_in_years(birth, on)
  by, bm, bd = birth.split("-").map(&:to_i)
  oy, om, od = on.split("-").map(&:to_i)
  return nil if ([oy, om, od] <=> [by, bm, bd]) < 0
  age = oy - by
  age -= 1 if om < bm || (om == bm && od < bd)
  age
end

data = $stdin.read.split
data[0].to_i.times do |i|
  age = age_in_years(data[1 + 2 * i], data[2 + 2 * i])
  puts(age.nil? ? "invalid" : age)
end
