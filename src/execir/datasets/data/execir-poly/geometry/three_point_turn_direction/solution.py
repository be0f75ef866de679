import sys


def turn(ax, ay, bx, by, cx, cy):
    cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
    if cross > 0:
        return "left"
    if cross < 0:
        return "right"
    return "straight"


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(turn(*data[1 + 6 * i:7 + 6 * i]))
