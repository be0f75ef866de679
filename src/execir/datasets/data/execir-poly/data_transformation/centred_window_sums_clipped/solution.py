import sys


def centred_sums(values, radius):
    prefix = [0]
    for v in values:
        prefix.append(prefix[-1] + v)
    n = len(values)
    sums = []
    for i in range(n):
        lo = max(0, i - radius)
        hi = min(n - 1, i + radius)
        sums.append(prefix[hi + 1] - prefix[lo])
    return sums


data = [int(x) for x in sys.stdin.read().split()]
n, radius = data[0], data[1]
if radius < 0:
    print("invalid")
else:
    print(" ".join(str(s) for s in centred_sums(data[2:2 + n], radius)))
