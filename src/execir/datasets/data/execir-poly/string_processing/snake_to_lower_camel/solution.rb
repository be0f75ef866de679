def to_camel(name)
  parts = name.split("_").reject(&:empty?)
  return "" if parts.empty?
  out = parts[0].downcase
  parts[1..].each do |p|
    out += p[0].upcase + p[1..].downcase
  end
  out
end

$stdin.each_line do |line|
  name = line.strip
  puts to_camel(name) unless name.empty?
end
