import sys


def column_label(n):
    label = ""
    while n > 0:
        n -= 1
        label = chr(65 + n % 26) + label
        n //= 26
    return label


for line in sys.stdin:
    if line.strip():
        n = int(line)
        print(column_label(n) if n >= 1 else "invalid")
