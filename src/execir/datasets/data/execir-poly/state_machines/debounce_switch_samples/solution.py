import sys


def debounce(samples, initial, stable):
    output = candidate = initial
    streak = 0
    levels = []
    for s in samples:
        if s == output:
            streak = 0
        elif s == candidate:
            streak += 1
        else:
            candidate = s
            streak = 1
        if streak >= stable:
            output = s
            streak = 0
        levels.append(output)
    return levels


tokens = [int(x) for x in sys.stdin.read().split()]
print(" ".join(map(str, debounce(tokens[2:], tokens[0], tokens[1]))))
