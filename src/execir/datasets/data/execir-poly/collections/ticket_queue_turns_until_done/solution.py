import sys
from collections import deque


def turns_until_done(tickets, k):
    if k < 0 or k >= len(tickets):
        return None
    queue = deque(enumerate(tickets))
    time = 0
    while queue:
        i, t = queue.popleft()
        time += 1
        if t == 1:
            if i == k:
                return time
        else:
            queue.append((i, t - 1))
    return time


data = [int(x) for x in sys.stdin.read().split()]
n, k = data[0], data[1]
result = turns_until_done(data[2:2 + n], k)
print("invalid" if result is None else result)
