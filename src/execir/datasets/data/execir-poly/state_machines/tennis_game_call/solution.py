import sys

NAMES = ["love", "fifteen", "thirty", "forty"]


def score_call(points):
    a = b = 0
    for p in points:
        if p == "A":
            a += 1
        else:
            b += 1
        if (a >= 4 or b >= 4) and abs(a - b) >= 2:
            return "game A" if a > b else "game B"
    if a >= 3 and b >= 3:
        if a == b:
            return "deuce"
        return "advantage A" if a > b else "advantage B"
    return NAMES[a] + "-" + NAMES[b]


for line in sys.stdin:
    game = line.strip()
    if game:
        print(score_call(game))
