import sys


def snake_flatten(grid):
    out = []
    for r, row in enumerate(grid):
        out.extend(row if r % 2 == 0 else reversed(row))
    return out


data = [int(x) for x in sys.stdin.read().split()]
rows, cols = data[0], data[1]
grid = [data[2 + r * cols:2 + (r + 1) * cols] for r in range(rows)]
print(" ".join(str(v) for v in snake_flatten(grid)))
