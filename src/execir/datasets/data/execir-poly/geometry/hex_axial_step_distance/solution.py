import sys


def hex_distance(q1, r1, q2, r2):
    dq = q2 - q1
    dr = r2 - r1
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(hex_distance(*data[1 + 4 * i:5 + 4 * i]))
