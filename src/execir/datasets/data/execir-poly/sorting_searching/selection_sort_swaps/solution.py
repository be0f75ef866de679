import sys


def selection_swaps(data):
    swaps = 0
    for i in range(len(data) - 1):
        smallest = i
        for j in range(i + 1, len(data)):
            if data[j] < data[smallest]:
                smallest = j
        if smallest != i:
            data[i], data[smallest] = data[smallest], data[i]
            swaps += 1
    return swaps


tokens = sys.stdin.read().split()
n = int(tokens[0])
values = [int(x) for x in tokens[1:1 + n]]
print(selection_swaps(values))
print(" ".join(map(str, values)))
