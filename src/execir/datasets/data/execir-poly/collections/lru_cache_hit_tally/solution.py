import sys


def lru_hits(capacity, accesses):
    if capacity <= 0:
        return 0
    cache = []
    hits = 0
    for key in accesses:
        if key in cache:
            hits += 1
            cache.remove(key)
        elif len(cache) >= capacity:
            cache.pop(0)
        cache.append(key)
    return hits


data = sys.stdin.read().split()
capacity, n = int(data[0]), int(data[1])
print(lru_hits(capacity, data[2:2 + n]))
