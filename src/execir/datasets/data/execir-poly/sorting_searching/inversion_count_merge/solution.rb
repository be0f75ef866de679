def sort_count(arr)
  return [arr, 0] if arr.length < 2
  mid = arr.length / 2
  left, a = sort_count(arr[0...mid])
  right, b = sort_count(arr[mid..])
  merged = []
  count = a + b
  i = j = 0
  while i < left.length && j < right.length
    if left[i] <= right[j]
      merged << left[i]
      i += 1
    else
      merged << right[j]
      count += left.length - i
      j += 1
    end
  end
  [merged + left[i..] + right[j..], count]
end

tokens = $stdin.read.split.map(&:to_i)
puts sort_count(tokens[1, tokens[0]])[1]
