import sys


def anti_diagonals(matrix, rows, cols):
    groups = [[] for _ in range(rows + cols - 1)]
    for r in range(rows):
        for c in range(cols):
            groups[r + c].append(matrix[r][c])
    return groups


data = [int(x) for x in sys.stdin.read().split()]
rows, cols = data[0], data[1]
matrix = [data[2 + r * cols:2 + (r + 1) * cols] for r in range(rows)]
for group in anti_diagonals(matrix, rows, cols):
    print(" ".join(str(v) for v in group))
