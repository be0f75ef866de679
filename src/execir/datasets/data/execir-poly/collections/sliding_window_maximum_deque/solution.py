import sys
from collections import deque


def window_maximums(values, k):
    if k < 1 or k > len(values):
        return None
    window = deque()
    result = []
    for i, value in enumerate(values):
        while window and window[0] <= i - k:
            window.popleft()
        while window and values[window[-1]] <= value:
            window.pop()
        window.append(i)
        if i >= k - 1:
            result.append(values[window[0]])
    return result


data = [int(x) for x in sys.stdin.read().split()]
n, k = data[0], data[1]
result = window_maximums(data[2:2 + n], k)
print("none" if result is None else " ".join(str(x) for x in result))
