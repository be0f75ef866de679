import sys


def count_target_subarrays(values, target):
    seen = {0: 1}
    running = 0
    total = 0
    for value in values:
        running += value
        total += seen.get(running - target, 0)
        seen[running] = seen.get(running, 0) + 1
    return total


data = [int(x) for x in sys.stdin.read().split()]
n, target = data[0], data[1]
print(count_target_subarrays(data[2:2 + n], target))
