import sys


def isbn10_valid(isbn):
    s = isbn.replace("-", "")
    if len(s) != 10:
        return False
    total = 0
    for i, ch in enumerate(s):
        if "0" <= ch <= "9":
            value = int(ch)
        elif ch == "X" and i == 9:
            value = 10
        else:
            return False
        total += (10 - i) * value
    return total % 11 == 0


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if isbn10_valid(text) else "invalid")
