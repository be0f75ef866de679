import sys


def rail_fence(message, rails):
    if rails <= 1:
        return message
    rows = [[] for _ in range(rails)]
    cycle = 2 * (rails - 1)
    for i, ch in enumerate(message):
        pos = i % cycle
        row = pos if pos < rails else cycle - pos
        rows[row].append(ch)
    return "".join("".join(r) for r in rows)


rails = int(sys.stdin.readline())
message = sys.stdin.readline().rstrip("\n")
print(rail_fence(message, rails))
