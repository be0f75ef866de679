import sys


def reduce_fraction(num, den):
    a, b = abs(num), abs(den)
    while b:
        a, b = b, a % b
    num //= a
    den //= a
    if den < 0:
        num, den = -num, -den
    return num, den


for line in sys.stdin:
    parts = line.split()
    if len(parts) != 2:
        continue
    num, den = int(parts[0]), int(parts[1])
    print("invalid" if den == 0 else "%d/%d" % reduce_fraction(num, den))
