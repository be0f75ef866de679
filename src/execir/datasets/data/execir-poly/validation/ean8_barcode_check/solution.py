import sys


def ean8_valid(code):
    if len(code) != 8 or not all("0" <= ch <= "9" for ch in code):
        return False
    total = 0
    for i in range(7):
        weight = 3 if i % 2 == 0 else 1
        total += int(code[i]) * weight
    check = (10 - total % 10) % 10
    return check == int(code[7])


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if ean8_valid(text) else "invalid")
