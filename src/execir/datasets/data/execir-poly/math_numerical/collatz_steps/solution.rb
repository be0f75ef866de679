def collatz_steps(n)
  return nil if n < 1
  steps = 0
  while n != 1
    n = n.even? ? n / 2 : 3 * n + 1
    steps += 1
  end
  steps
end

$stdin.each_line do |line|
  next if line.strip.empty?
  steps = collatz_steps(line.to_i)
  puts steps.nil? ? "invalid" : steps
end
