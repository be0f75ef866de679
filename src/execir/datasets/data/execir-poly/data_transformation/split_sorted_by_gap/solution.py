import sys


def group_by_gap(values, max_gap):
    groups = []
    for i, v in enumerate(values):
        if i == 0 or v - values[i - 1] > max_gap:
            groups.append([v])
        else:
            groups[-1].append(v)
    return groups


data = [int(x) for x in sys.stdin.read().split()]
n, max_gap = data[0], data[1]
if max_gap < 0:
    print("invalid")
else:
    groups = group_by_gap(data[2:2 + n], max_gap)
    if not groups:
        print("none")
    for group in groups:
        print(" ".join(str(v) for v in group))
