import sys


def h_index(citations):
    n = len(citations)
    lo, hi = 0, n - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if citations[mid] >= n - mid:
            hi = mid - 1
        else:
            lo = mid + 1
    return n - lo


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(h_index([int(x) for x in tokens[1:1 + n]]))
