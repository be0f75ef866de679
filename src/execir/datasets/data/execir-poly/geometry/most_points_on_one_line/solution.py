import sys


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def max_collinear(points):
    if len(points) < 2:
        return len(points)
    best = 1
    for i in range(len(points)):
        counts = {}
        for j in range(i + 1, len(points)):
            dx = points[j][0] - points[i][0]
            dy = points[j][1] - points[i][1]
            g = gcd(abs(dx), abs(dy))
            dx, dy = dx // g, dy // g
            if dx < 0 or (dx == 0 and dy < 0):
                dx, dy = -dx, -dy
            counts[(dx, dy)] = counts.get((dx, dy), 0) + 1
            best = max(best, counts[(dx, dy)] + 1)
    return best


data = [int(x) for x in sys.stdin.read().split()]
print(max_collinear([(data[1 + 2 * i], data[2 + 2 * i]) for i in range(data[0])]))
