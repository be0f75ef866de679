import sys


def prime_factors(n):
    factors = []
    if n < 2:
        return factors
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors


for line in sys.stdin:
    if line.strip():
        factors = prime_factors(int(line))
        print(" ".join(map(str, factors)) if factors else "none")
