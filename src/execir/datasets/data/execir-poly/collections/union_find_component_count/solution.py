import sys


def count_components(n, edges):
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    components = n
    for u, v in edges:
        if u < 0 or v < 0 or u >= n or v >= n:
            continue
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            components -= 1
    return components


data = [int(x) for x in sys.stdin.read().split()]
n, m = data[0], data[1]
print(count_components(n, [(data[2 + 2 * i], data[3 + 2 * i]) for i in range(m)]))
