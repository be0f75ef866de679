import sys


def lis_length(values):
    tails = []
    for v in values:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(tails):
            tails.append(v)
        else:
            tails[lo] = v
    return len(tails)


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(lis_length([int(x) for x in tokens[1:1 + n]]))
