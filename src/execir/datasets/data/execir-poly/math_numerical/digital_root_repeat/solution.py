import sys


def digital_root(n):
    while n >= 10:
        total = 0
        while n > 0:
            total += n % 10
            n //= 10
        n = total
    return n


for line in sys.stdin:
    if line.strip():
        n = int(line)
        print("invalid" if n < 0 else digital_root(n))
