import sys


def divisible_by_three(bits):
    remainder = 0
    for ch in bits:
        if ch not in "01":
            return False
        remainder = (remainder * 2 + int(ch)) % 3
    return remainder == 0


for line in sys.stdin:
    word = line.strip()
    if word:
        print("yes" if divisible_by_three(word) else "no")
