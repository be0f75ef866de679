import sys


def rooms_needed(meetings):
    starts = sorted(s for s, _ in meetings)
    ends = sorted(e for _, e in meetings)
    rooms = best = 0
    j = 0
    for s in starts:
        while j < len(ends) and ends[j] <= s:
            j += 1
            rooms -= 1
        rooms += 1
        if rooms > best:
            best = rooms
    return best


tokens = [int(x) for x in sys.stdin.read().split()]
n = tokens[0]
print(rooms_needed([(tokens[1 + 2 * i], tokens[2 + 2 * i]) for i in range(n)]))
