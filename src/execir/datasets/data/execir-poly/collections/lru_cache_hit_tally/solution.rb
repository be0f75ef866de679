def lru_hits(capacity, accesses)
  return 0 if capacity <= 0
  cache = []
  hits = 0
  accesses.each do |key|
    if cache.include?(key)
      hits += 1
      cache.delete(key)
    elsif cache.length >= capacity
      cache.shift
    end
    cache << key
  end
  hits
end

data = $stdin.read.split
capacity = data[0].to_i
n = data[1].to_i
puts lru_hits(capacity, data[2, n])
