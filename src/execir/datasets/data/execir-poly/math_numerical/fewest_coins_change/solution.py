import sys


def fewest_coins(coins, amount):
    best = [0] + [None] * amount
    for total in range(1, amount + 1):
        for coin in coins:
            if coin <= total and best[total - coin] is not None:
                candidate = best[total - coin] + 1
                if best[total] is None or candidate < best[total]:
                    best[total] = candidate
    return best[amount]


lines = sys.stdin.read().split("\n")
coins = [int(x) for x in lines[0].split()]
for line in lines[1:]:
    if line.strip():
        count = fewest_coins(coins, int(line))
        print("impossible" if count is None else count)
