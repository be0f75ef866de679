import sys


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def lattice_count(x1, y1, x2, y2):
    return gcd(abs(x2 - x1), abs(y2 - y1)) + 1


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(lattice_count(*data[1 + 4 * i:5 + 4 * i]))
