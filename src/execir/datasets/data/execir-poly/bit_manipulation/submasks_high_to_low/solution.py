import sys


def submasks(mask):
    if mask < 0:
        return []
    result = []
    sub = mask
    while True:
        result.append(sub)
        if sub == 0:
            return result
        sub = (sub - 1) & mask


data = sys.stdin.read().split()
for token in data[1:1 + int(data[0])]:
    subs = submasks(int(token))
    print(" ".join(str(s) for s in subs) if subs else "none")
