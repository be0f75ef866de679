import sys


def union_area(x1, y1, x2, y2, x3, y3, x4, y4):
    ax1, ax2 = sorted((x1, x2))
    ay1, ay2 = sorted((y1, y2))
    bx1, bx2 = sorted((x3, x4))
    by1, by2 = sorted((y3, y4))
    width = max(0, min(ax2, bx2) - max(ax1, bx1))
    height = max(0, min(ay2, by2) - max(ay1, by1))
    return (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - width * height


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(union_area(*data[1 + 8 * i:9 + 8 * i]))
