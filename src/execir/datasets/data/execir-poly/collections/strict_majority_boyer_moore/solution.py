import sys


def majority(items):
    candidate, votes = None, 0
    for item in items:
        if votes == 0:
            candidate, votes = item, 1
        elif item == candidate:
            votes += 1
        else:
            votes -= 1
    if items.count(candidate) * 2 > len(items):
        return candidate
    return None


data = sys.stdin.read().split()
n = int(data[0])
result = majority([int(x) for x in data[1:1 + n]])
print("none" if result is None else result)
