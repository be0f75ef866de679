import sys


def twice_area(points):
    total = 0
    for i in range(len(points)):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % len(points)]
        total += x1 * y2 - x2 * y1
    return abs(total)


data = [int(x) for x in sys.stdin.read().split()]
n = data[0]
points = [(data[1 + 2 * i], data[2 + 2 * i]) for i in range(n)]
doubled = twice_area(points) if n >= 3 else 0
print(f"{doubled // 2}.{5 if doubled % 2 else 0}")
