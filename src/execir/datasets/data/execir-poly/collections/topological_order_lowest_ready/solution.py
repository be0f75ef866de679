import sys


def smallest_first_order(n, edges):
    indegree = [0] * n
    children = [[] for _ in range(n)]
    for u, v in edges:
        children[u].append(v)
        indegree[v] += 1
    ready = [i for i in range(n) if indegree[i] == 0]
    order = []
    while ready:
        node = min(ready)
        ready.remove(node)
        order.append(node)
        for child in children[node]:
            indegree[child] -= 1
            if indegree[child] == 0:
                ready.append(child)
    return order if len(order) == n else None


data = [int(x) for x in sys.stdin.read().split()]
n, m = data[0], data[1]
edges = [(data[2 + 2 * i], data[3 + 2 * i]) for i in range(m)]
order = smallest_first_order(n, edges)
print("cycle" if order is None else " ".join(str(x) for x in order))
