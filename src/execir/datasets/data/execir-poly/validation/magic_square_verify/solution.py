import sys


def is_magic(grid, n):
    seen = [False] * (n * n + 1)
    for row in grid:
        for v in row:
            if v < 1 or v > n * n or seen[v]:
                return False
            seen[v] = True
    target = n * (n * n + 1) // 2
    for i in range(n):
        if sum(grid[i]) != target or sum(grid[r][i] for r in range(n)) != target:
            return False
    if sum(grid[i][i] for i in range(n)) != target:
        return False
    return sum(grid[i][n - 1 - i] for i in range(n)) == target


tokens = [int(x) for x in sys.stdin.read().split()]
n = tokens[0]
grid = [tokens[1 + r * n:1 + (r + 1) * n] for r in range(n)]
print("magic" if is_magic(grid, n) else "not magic")
