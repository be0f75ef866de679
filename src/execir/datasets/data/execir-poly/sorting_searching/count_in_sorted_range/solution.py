import sys


def boundary(values, x, inclusive):
    lo, hi = 0, len(values)
    while lo < hi:
        mid = (lo + hi) // 2
        if values[mid] < x or (inclusive and values[mid] == x):
            lo = mid + 1
        else:
            hi = mid
    return lo


def count_in_range(values, low, high):
    if low > high:
        return 0
    return boundary(values, high, True) - boundary(values, low, False)


data = [int(x) for x in sys.stdin.read().split()]
n = data[0]
values = data[1:1 + n]
queries = data[1 + n:]
for i in range(0, len(queries) - 1, 2):
    print(count_in_range(values, queries[i], queries[i + 1]))
