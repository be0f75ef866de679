import sys


def bin_indices(values, edges):
    result = []
    for v in values:
        index = -1
        for i, edge in enumerate(edges):
            if v >= edge:
                index = i
        result.append(index)
    return result


lines = sys.stdin.read().split("\n")
n, m = (int(x) for x in lines[0].split())
values = [int(x) for x in lines[1].split()][:n]
edges = [int(x) for x in lines[2].split()][:m] if len(lines) > 2 else []
if m < 2:
    print("invalid")
else:
    print(" ".join(str(i) for i in bin_indices(values, edges)))
