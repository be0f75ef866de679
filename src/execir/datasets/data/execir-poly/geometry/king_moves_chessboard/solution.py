import sys


def parse_square(name):
    if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
        return None
    return ord(name[0]) - ord("a"), int(name[1])


def king_moves(a, b):
    start, goal = parse_square(a), parse_square(b)
    if start is None or goal is None:
        return None
    return max(abs(start[0] - goal[0]), abs(start[1] - goal[1]))


data = sys.stdin.read().split()
for i in range(int(data[0])):
    moves = king_moves(data[1 + 2 * i], data[2 + 2 * i])
    print("invalid" if moves is None else moves)
