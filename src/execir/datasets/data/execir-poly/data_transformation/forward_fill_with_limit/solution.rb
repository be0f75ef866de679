def forward_fill(values, limit)
  last = nil
  gap = 0
  values.map do |v|
    if v.nil?
      gap += 1
      gap <= limit ? last : nil
    else
      last = v
      gap = 0
      v
    end
  end
end

data = $stdin.read.split
n = data[0].to_i
limit = data[1].to_i
values = data[2, n].map { |tok| tok == "_" ? nil : tok.to_i }
if limit < 0
  puts "invalid"
else
  puts forward_fill(values, limit).map { |v| v.nil? ? "_" : v.to_s }.join(" ")
end
