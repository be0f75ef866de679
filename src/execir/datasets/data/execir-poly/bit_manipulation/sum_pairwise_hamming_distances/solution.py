import sys


def total_hamming(nums):
    total = 0
    for bit in range(31):
        ones = 0
        for x in nums:
            ones += (x >> bit) & 1
        total += ones * (len(nums) - ones)
    return total


data = sys.stdin.read().split()
n = int(data[0])
print(total_hamming([int(x) for x in data[1:1 + n]]))
