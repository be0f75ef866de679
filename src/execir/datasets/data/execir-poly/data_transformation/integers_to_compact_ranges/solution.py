import sys


def to_ranges(nums):
    values = sorted(set(nums))
    parts = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(f"{values[i]}-{values[j]}" if j > i else str(values[i]))
        i = j + 1
    return ",".join(parts)


data = sys.stdin.read().split()
n = int(data[0])
print(to_ranges([int(x) for x in data[1:1 + n]]))
