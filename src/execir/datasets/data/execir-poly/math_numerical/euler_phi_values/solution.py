import sys


def phi(n):
    if n < 1:
        return 0
    result = n
    p = 2
    while p * p <= n:
        if n % p == 0:
            while n % p == 0:
                n //= p
            result -= result // p
        p += 1
    if n > 1:
        result -= result // n
    return result


for line in sys.stdin:
    if line.strip():
        print(phi(int(line)))
