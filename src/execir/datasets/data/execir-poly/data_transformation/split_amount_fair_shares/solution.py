import sys


def split_amount(amount, parts):
    if parts < 1 or amount < 0:
        return None
    base, extra = divmod(amount, parts)
    return [base + 1 if i < extra else base for i in range(parts)]


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    shares = split_amount(data[1 + 2 * i], data[2 + 2 * i])
    print("invalid" if shares is None else " ".join(str(s) for s in shares))
