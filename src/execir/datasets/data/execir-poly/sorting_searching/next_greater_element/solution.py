import sys


def next_greater(values):
    result = [-1] * len(values)
    waiting = []
    for i, v in enumerate(values):
        while waiting and values[waiting[-1]] < v:
            result[waiting.pop()] = v
        waiting.append(i)
    return result


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(" ".join(map(str, next_greater([int(x) for x in tokens[1:1 + n]]))))
