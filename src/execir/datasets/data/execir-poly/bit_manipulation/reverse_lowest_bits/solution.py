import sys


def reverse_low_bits(n, width):
    if width < 1:
        return None
    result = 0
    for _ in range(width):
        result = (result << 1) | (n & 1)
        n >>= 1
    return result


data = sys.stdin.read().split()
q = int(data[0])
for i in range(q):
    n, width = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    result = reverse_low_bits(n, width)
    print("invalid" if result is None else result)
