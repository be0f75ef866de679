import sys


def is_square(points):
    dists = []
    for i in range(4):
        for j in range(i + 1, 4):
            dx = points[i][0] - points[j][0]
            dy = points[i][1] - points[j][1]
            dists.append(dx * dx + dy * dy)
    dists.sort()
    side = dists[0]
    return side > 0 and dists[3] == side and dists[4] == dists[5] == 2 * side


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    v = data[1 + 8 * i:9 + 8 * i]
    print("yes" if is_square([(v[2 * k], v[2 * k + 1]) for k in range(4)]) else "no")
