import sys


def luhn_valid(number):
    digits = number.replace(" ", "")
    if len(digits) < 2:
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        if not "0" <= ch <= "9":
            return False
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if luhn_valid(text) else "invalid")
