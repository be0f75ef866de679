import sys


def longest_consecutive(values):
    present = set(values)
    best = 0
    for v in present:
        if v - 1 in present:
            continue
        length = 1
        while v + length in present:
            length += 1
        best = max(best, length)
    return best


data = sys.stdin.read().split()
n = int(data[0])
print(longest_consecutive([int(x) for x in data[1:1 + n]]))
