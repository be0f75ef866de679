import sys


def intersect(a, b):
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            out.append(a[i])
            i += 1
            j += 1
        elif a[i] < b[j]:
            i += 1
        else:
            j += 1
    return out


tokens = [int(x) for x in sys.stdin.read().split()]
n = tokens[0]
a = tokens[1:1 + n]
m = tokens[1 + n]
b = tokens[2 + n:2 + n + m]
print(" ".join(map(str, intersect(a, b))))
