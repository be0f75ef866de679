import sys


def count_set_bits(n):
    if n < 0:
        return -1
    count = 0
    while n:
        n &= n - 1
        count += 1
    return count


data = sys.stdin.read().split()
q = int(data[0])
for token in data[1:1 + q]:
    print(count_set_bits(int(token)))
