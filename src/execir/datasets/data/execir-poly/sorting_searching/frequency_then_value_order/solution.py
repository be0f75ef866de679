import sys


def frequency_order(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    distinct = list(counts)
    for i in range(1, len(distinct)):
        item = distinct[i]
        j = i - 1
        while j >= 0 and (counts[distinct[j]] < counts[item]
                          or (counts[distinct[j]] == counts[item] and distinct[j] > item)):
            distinct[j + 1] = distinct[j]
            j -= 1
        distinct[j + 1] = item
    result = []
    for v in distinct:
        result.extend([v] * counts[v])
    return result


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(" ".join(map(str, frequency_order([int(x) for x in tokens[1:1 + n]]))))
