import sys


def session(coins, price):
    credit = items = rejected = 0
    for coin in coins:
        if coin not in (5, 10, 25):
            rejected += coin
            continue
        credit += coin
        if credit >= price:
            items += 1
            credit -= price
    return items, credit, rejected


tokens = [int(x) for x in sys.stdin.read().split()]
print(*session(tokens[1:], tokens[0]))
