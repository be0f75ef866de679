import sys


def invert(perm):
    n = len(perm)
    inverse = [-1] * n
    for i, p in enumerate(perm):
        if p < 0 or p >= n or inverse[p] != -1:
            return None
        inverse[p] = i
    return inverse


data = sys.stdin.read().split()
n = int(data[0])
result = invert([int(x) for x in data[1:1 + n]])
print("invalid" if result is None else " ".join(str(v) for v in result))
