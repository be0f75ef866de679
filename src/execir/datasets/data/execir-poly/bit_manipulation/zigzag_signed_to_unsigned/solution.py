import sys


def zigzag(value):
    if value >= 0:
        return value << 1
    return ((-value) << 1) - 1


data = sys.stdin.read().split()
for token in data[1:1 + int(data[0])]:
    print(zigzag(int(token)))
