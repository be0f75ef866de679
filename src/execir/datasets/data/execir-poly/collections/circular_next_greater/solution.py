import sys


def next_greater_circular(values):
    n = len(values)
    result = [-1] * n
    stack = []
    for i in range(2 * n):
        value = values[i % n]
        while stack and values[stack[-1]] < value:
            result[stack.pop()] = value
        if i < n:
            stack.append(i)
    return result


data = sys.stdin.read().split()
n = int(data[0])
print(" ".join(str(x) for x in next_greater_circular([int(x) for x in data[1:1 + n]])))
