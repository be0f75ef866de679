import sys


def distinct_per_window(items, k):
    if k < 1 or k > len(items):
        return None
    counts = {}
    result = []
    for i, item in enumerate(items):
        counts[item] = counts.get(item, 0) + 1
        if i >= k:
            old = items[i - k]
            counts[old] -= 1
            if counts[old] == 0:
                del counts[old]
        if i >= k - 1:
            result.append(len(counts))
    return result


data = [int(x) for x in sys.stdin.read().split()]
n, k = data[0], data[1]
result = distinct_per_window(data[2:2 + n], k)
print("none" if result is None else " ".join(str(x) for x in result))
