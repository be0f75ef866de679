import sys


def rotate_clockwise(grid, rows, cols):
    return [[grid[rows - 1 - j][i] for j in range(rows)] for i in range(cols)]


data = [int(x) for x in sys.stdin.read().split()]
rows, cols = data[0], data[1]
grid = [data[2 + r * cols:2 + (r + 1) * cols] for r in range(rows)]
for row in rotate_clockwise(grid, rows, cols):
    print(" ".join(str(v) for v in row))
