import sys


def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


for line in sys.stdin:
    if line.strip():
        print("yes" if is_prime(int(line)) else "no")
