import sys


def forward_fill(values, limit):
    last = None
    gap = 0
    result = []
    for v in values:
        if v is None:
            gap += 1
            result.append(last if gap <= limit else None)
        else:
            result.append(v)
            last = v
            gap = 0
    return result


data = sys.stdin.read().split()
n, limit = int(data[0]), int(data[1])
values = [None if tok == "_" else int(tok) for tok in data[2:2 + n]]
if limit < 0:
    print("invalid")
else:
    print(" ".join("_" if v is None else str(v) for v in forward_fill(values, limit)))
