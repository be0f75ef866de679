import sys


def spiral(matrix, rows, cols):
    out = []
    top, bottom, left, right = 0, rows - 1, 0, cols - 1
    while top <= bottom and left <= right:
        out.extend(matrix[top][c] for c in range(left, right + 1))
        out.extend(matrix[r][right] for r in range(top + 1, bottom + 1))
        if top < bottom:
            out.extend(matrix[bottom][c] for c in range(right - 1, left - 1, -1))
        if left < right:
            out.extend(matrix[r][left] for r in range(bottom - 1, top, -1))
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return out


data = [int(x) for x in sys.stdin.read().split()]
rows, cols = data[0], data[1]
matrix = [data[2 + r * cols:2 + (r + 1) * cols] for r in range(rows)]
print(" ".join(str(v) for v in spiral(matrix, rows, cols)))
