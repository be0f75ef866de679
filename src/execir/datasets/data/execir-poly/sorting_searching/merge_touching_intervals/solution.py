import sys


def merge_intervals(intervals):
    ordered = sorted(intervals, key=lambda iv: iv[0])
    merged = []
    for start, end in ordered:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1][1] = end
        else:
            merged.append([start, end])
    return merged


tokens = [int(x) for x in sys.stdin.read().split()]
n = tokens[0]
intervals = [[tokens[1 + 2 * i], tokens[2 + 2 * i]] for i in range(n)]
for start, end in merge_intervals(intervals):
    print(start, end)
