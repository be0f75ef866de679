import sys


def colour_at(t, phases):
    if t < 0:
        return "invalid"
    cycle = 0
    for _, length in phases:
        cycle += length
    t %= cycle
    for colour, length in phases:
        if t < length:
            return colour
        t -= length
    return "invalid"


tokens = [int(x) for x in sys.stdin.read().split()]
phases = [("green", tokens[0]), ("yellow", tokens[1]), ("red", tokens[2])]
for t in tokens[3:]:
    print(colour_at(t, phases))
