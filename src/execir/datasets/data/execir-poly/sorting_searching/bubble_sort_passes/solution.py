import sys


def bubble_passes(data):
    n = len(data)
    if n < 2:
        return 0
    passes = 0
    for end in range(n - 1, 0, -1):
        passes += 1
        swapped = False
        for i in range(end):
            if data[i] > data[i + 1]:
                data[i], data[i + 1] = data[i + 1], data[i]
                swapped = True
        if not swapped:
            break
    return passes


tokens = sys.stdin.read().split()
n = int(tokens[0])
values = [int(x) for x in tokens[1:1 + n]]
print(bubble_passes(values))
print(" ".join(map(str, values)))
