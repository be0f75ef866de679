import sys


def twos_pattern(value, width):
    low = -(1 << (width - 1))
    high = (1 << (width - 1)) - 1
    if value < low or value > high:
        return None
    if value < 0:
        value += 1 << width
    return format(value, "b").zfill(width)


data = sys.stdin.read().split()
q = int(data[0])
for i in range(q):
    pattern = twos_pattern(int(data[1 + 2 * i]), int(data[2 + 2 * i]))
    print("overflow" if pattern is None else pattern)
