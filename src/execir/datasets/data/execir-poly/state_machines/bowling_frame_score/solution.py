import sys


def bowling_score(rolls):
    def roll(i):
        return rolls[i] if i < len(rolls) else 0

    total = 0
    i = 0
    for _ in range(10):
        if i >= len(rolls):
            break
        if rolls[i] == 10:
            total += 10 + roll(i + 1) + roll(i + 2)
            i += 1
        elif roll(i) + roll(i + 1) == 10:
            total += 10 + roll(i + 2)
            i += 2
        else:
            total += roll(i) + roll(i + 1)
            i += 2
    return total


print(bowling_score([int(x) for x in sys.stdin.read().split()]))
