import sys

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def to_base(n, base):
    if base < 2 or base > 36:
        return "invalid"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n > 0:
        out.append(DIGITS[n % base])
        n //= base
    return sign + "".join(reversed(out))


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 2:
        print(to_base(int(parts[0]), int(parts[1])))
