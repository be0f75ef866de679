import sys


def orient(a, b, c):
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def on_box(a, b, c):
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def intersect(p1, p2, p3, p4):
    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return ((d1 == 0 and on_box(p3, p4, p1)) or (d2 == 0 and on_box(p3, p4, p2))
            or (d3 == 0 and on_box(p1, p2, p3)) or (d4 == 0 and on_box(p1, p2, p4)))


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    v = data[1 + 8 * i:9 + 8 * i]
    pts = [(v[0], v[1]), (v[2], v[3]), (v[4], v[5]), (v[6], v[7])]
    print("yes" if intersect(*pts) else "no")
