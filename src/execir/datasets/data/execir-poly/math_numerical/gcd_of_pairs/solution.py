import sys


def gcd(a, b):
    a, b = abs(a), abs(b)
    while b > 0:
        a, b = b, a % b
    return a


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 2:
        print(gcd(int(parts[0]), int(parts[1])))
