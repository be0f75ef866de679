import sys


def first_index(values, target):
    lo, hi = 0, len(values) - 1
    found = -1
    while lo <= hi:
        mid = (lo + hi) // 2
        if values[mid] == target:
            found = mid
            hi = mid - 1
        elif values[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return found


data = [int(x) for x in sys.stdin.read().split()]
n = data[0]
values = data[1:1 + n]
for target in data[1 + n:]:
    print(first_index(values, target))
