import sys


def classify(x1, y1, r1, x2, y2, r2):
    d2 = (x1 - x2) ** 2 + (y1 - y2) ** 2
    outer = (r1 + r2) ** 2
    inner = (r1 - r2) ** 2
    if d2 == 0 and r1 == r2:
        return "identical"
    if d2 > outer:
        return "separate"
    if d2 == outer:
        return "external"
    if d2 > inner:
        return "intersecting"
    if d2 == inner:
        return "internal"
    return "contained"


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(classify(*data[1 + 6 * i:7 + 6 * i]))
