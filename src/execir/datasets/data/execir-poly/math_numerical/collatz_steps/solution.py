import sys


def collatz_steps(n):
    if n < 1:
        return None
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


for line in sys.stdin:
    if line.strip():
        steps = collatz_steps(int(line))
        print("invalid" if steps is None else steps)
