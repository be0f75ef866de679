import sys


def decimal_text(n, d):
    whole, rest = divmod(n, d)
    if rest == 0:
        return str(whole)
    digits = []
    seen = {}
    while rest != 0 and rest not in seen:
        seen[rest] = len(digits)
        rest *= 10
        digits.append(str(rest // d))
        rest %= d
    if rest == 0:
        return f"{whole}." + "".join(digits)
    start = seen[rest]
    return f"{whole}." + "".join(digits[:start]) + "(" + "".join(digits[start:]) + ")"


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 2:
        n, d = int(parts[0]), int(parts[1])
        print(decimal_text(n, d) if d > 0 and n >= 0 else "invalid")
