import sys


def total_travel(start, requests, lo, hi):
    current = start
    travelled = 0
    for floor in requests:
        if floor < lo or floor > hi:
            continue
        travelled += abs(floor - current)
        current = floor
    return travelled, current


tokens = [int(x) for x in sys.stdin.read().split()]
travelled, final = total_travel(tokens[0], tokens[3:], tokens[1], tokens[2])
print(travelled)
print(final)
