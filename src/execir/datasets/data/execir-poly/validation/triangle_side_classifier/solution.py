import sys


def triangle_kind(a, b, c):
    if not (a + b > c and a + c > b and b + c > a):
        return "invalid"
    if a == b and b == c:
        return "equilateral"
    if a == b or b == c or a == c:
        return "isosceles"
    return "scalene"


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 3:
        print(triangle_kind(*map(int, parts)))
