def newer?(a, b)
  pa = a.split(".").map(&:to_i)
  pb = b.split(".").map(&:to_i)
  [pa.length, pb.length].min.times do |i|
    return pa[i] > pb[i] if pa[i] != pb[i]
  end
  pa.length > pb.length
end

def sort_versions(versions)
  out = versions.dup
  (1...out.length).each do |i|
    v = out[i]
    j = i - 1
    while j >= 0 && newer?(out[j], v)
      out[j + 1] = out[j]
      j -= 1
    end
    out[j + 1] = v
  end
  out
end

versions = $stdin.each_line.map(&:strip).reject(&:empty?)
puts sort_versions(versions)
