import sys


def rotate_quarters(x, y, k):
    k %= 4
    if k == 1:
        return -y, x
    if k == 2:
        return -x, -y
    if k == 3:
        return y, -x
    return x, y


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(*rotate_quarters(*data[1 + 3 * i:4 + 3 * i]))
