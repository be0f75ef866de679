import sys

HEADINGS = "NESW"
MOVES = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def final_pose(commands, blocked):
    x = y = 0
    h = 0
    for c in commands:
        if c == "L":
            h = (h + 3) % 4
        elif c == "R":
            h = (h + 1) % 4
        elif c == "F":
            dx, dy = MOVES[HEADINGS[h]]
            if (x + dx, y + dy) not in blocked:
                x, y = x + dx, y + dy
    return x, y, HEADINGS[h]


lines = sys.stdin.read().split("\n")
blocked = {tuple(map(int, line.split())) for line in lines[1:] if line.strip()}
print(*final_pose(lines[0].strip(), blocked))
