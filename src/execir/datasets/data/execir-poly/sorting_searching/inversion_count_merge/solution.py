import sys


def sort_count(arr):
    if len(arr) < 2:
        return arr, 0
    mid = len(arr) // 2
    left, a = sort_count(arr[:mid])
    right, b = sort_count(arr[mid:])
    merged = []
    count = a + b
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            count += len(left) - i
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged, count


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(sort_count([int(x) for x in tokens[1:1 + n]])[1])
