import sys


def continued_fraction(p, q):
    terms = []
    while q != 0:
        a = p // q
        terms.append(a)
        p, q = q, p - a * q
    return terms


for line in sys.stdin:
    parts = line.split()
    if len(parts) != 2:
        continue
    p, q = int(parts[0]), int(parts[1])
    print(" ".join(map(str, continued_fraction(p, q))) if q > 0 else "invalid")
