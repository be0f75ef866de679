import sys


def competition_ranks(scores):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    ranks = [0] * len(scores)
    for pos, idx in enumerate(order):
        if pos > 0 and scores[idx] == scores[order[pos - 1]]:
            ranks[idx] = ranks[order[pos - 1]]
        else:
            ranks[idx] = pos + 1
    return ranks


tokens = sys.stdin.read().split()
n = int(tokens[0])
print(" ".join(map(str, competition_ranks([int(x) for x in tokens[1:1 + n]]))))
