import sys


def extract_field(n, start, length):
    if start < 0 or length < 0:
        return None
    return (n >> start) & ((1 << length) - 1)


data = sys.stdin.read().split()
q = int(data[0])
for i in range(q):
    n, start, length = (int(x) for x in data[1 + 3 * i:4 + 3 * i])
    result = extract_field(n, start, length)
    print("invalid" if result is None else result)
