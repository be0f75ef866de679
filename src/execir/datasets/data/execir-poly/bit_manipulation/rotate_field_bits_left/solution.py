import sys


def rotate_left(n, k, width):
    if width <= 0:
        return 0
    mask = (1 << width) - 1
    n &= mask
    k %= width
    return ((n << k) | (n >> (width - k))) & mask


data = sys.stdin.read().split()
q = int(data[0])
for i in range(q):
    n, k, width = (int(x) for x in data[1 + 3 * i:4 + 3 * i])
    print(rotate_left(n, k, width))
