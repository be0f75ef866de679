import sys


def max_drawdown(values):
    best = 0
    peak = None
    for v in values:
        if peak is None or v > peak:
            peak = v
        if peak - v > best:
            best = peak - v
    return best


data = sys.stdin.read().split()
n = int(data[0])
print(max_drawdown([int(x) for x in data[1:1 + n]]))
