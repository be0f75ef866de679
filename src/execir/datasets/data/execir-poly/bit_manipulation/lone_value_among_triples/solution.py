import sys


def lone_value(nums):
    result = 0
    for bit in range(31):
        count = 0
        for x in nums:
            count += (x >> bit) & 1
        if count % 3 == 1:
            result |= 1 << bit
    return result


data = sys.stdin.read().split()
n = int(data[0])
print(lone_value([int(x) for x in data[1:1 + n]]))
