import sys


def max_pair_xor(nums):
    best = -1
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            value = nums[i] ^ nums[j]
            if value > best:
                best = value
    return best


data = sys.stdin.read().split()
n = int(data[0])
print(max_pair_xor([int(x) for x in data[1:1 + n]]))
