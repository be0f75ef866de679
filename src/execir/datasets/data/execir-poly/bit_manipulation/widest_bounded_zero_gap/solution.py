import sys


def widest_gap(n):
    best = 0
    gap = -1
    while n > 0:
        if n & 1:
            if gap > best:
                best = gap
            gap = 0
        elif gap >= 0:
            gap += 1
        n >>= 1
    return best


data = sys.stdin.read().split()
q = int(data[0])
for token in data[1:1 + q]:
    print(widest_gap(int(token)))
