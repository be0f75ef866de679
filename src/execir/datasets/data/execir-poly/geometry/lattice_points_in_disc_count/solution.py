import sys


def isqrt(v):
    h = int(v ** 0.5)
    while h * h > v:
        h -= 1
    while (h + 1) * (h + 1) <= v:
        h += 1
    return h


def disc_points(r):
    if r < 0:
        return None
    total = 0
    for x in range(-r, r + 1):
        total += 2 * isqrt(r * r - x * x) + 1
    return total


data = [int(x) for x in sys.stdin.read().split()]
for r in data[1:1 + data[0]]:
    count = disc_points(r)
    print("invalid" if count is None else count)
