import sys


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def interior_points(points):
    twice_area = 0
    boundary = 0
    for i in range(len(points)):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % len(points)]
        twice_area += x1 * y2 - x2 * y1
        boundary += gcd(abs(x2 - x1), abs(y2 - y1))
    return (abs(twice_area) - boundary + 2) // 2


data = [int(x) for x in sys.stdin.read().split()]
print(interior_points([(data[1 + 2 * i], data[2 + 2 * i]) for i in range(data[0])]))
