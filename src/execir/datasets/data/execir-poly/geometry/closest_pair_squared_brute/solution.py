import sys


def closest_squared(points):
    best = -1
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            dx = points[i][0] - points[j][0]
            dy = points[i][1] - points[j][1]
            d = dx * dx + dy * dy
            if best < 0 or d < best:
                best = d
    return best


data = [int(x) for x in sys.stdin.read().split()]
print(closest_squared([(data[1 + 2 * i], data[2 + 2 * i]) for i in range(data[0])]))
