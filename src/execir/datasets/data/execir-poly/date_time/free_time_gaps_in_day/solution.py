import sys


def free_gaps(busy, day_start, day_end, min_length):
    gaps = []
    cursor = day_start
    for start, end in sorted(busy):
        if start - cursor >= min_length:
            gaps.append((cursor, start))
        cursor = max(cursor, end)
    if day_end - cursor >= min_length:
        gaps.append((cursor, day_end))
    return gaps


data = [int(x) for x in sys.stdin.read().split()]
day_start, day_end, min_length, n = data[:4]
busy = [(data[4 + 2 * i], data[5 + 2 * i]) for i in range(n)]
gaps = free_gaps(busy, day_start, day_end, min_length)
if not gaps:
    print("none")
for a, b in gaps:
    print(a, b)
