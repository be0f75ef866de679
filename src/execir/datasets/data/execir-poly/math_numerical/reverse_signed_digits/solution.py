import sys


def reverse_digits(n):
    sign = -1 if n < 0 else 1
    n *= sign
    result = 0
    while n > 0:
        result = result * 10 + n % 10
        n //= 10
    return sign * result


for line in sys.stdin:
    if line.strip():
        print(reverse_digits(int(line)))
