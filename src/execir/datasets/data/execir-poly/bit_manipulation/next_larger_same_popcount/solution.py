import sys


def next_same_popcount(n):
    if n <= 0:
        return 0
    lowest = n & -n
    ripple = n + lowest
    ones = ((ripple ^ n) >> 2) // lowest
    return ripple | ones


data = sys.stdin.read().split()
q = int(data[0])
for token in data[1:1 + q]:
    print(next_same_popcount(int(token)))
