import sys


def strength(pw):
    points = 0
    if len(pw) >= 12:
        points += 1
    has_upper = any("A" <= c <= "Z" for c in pw)
    has_lower = any("a" <= c <= "z" for c in pw)
    if has_upper and has_lower:
        points += 1
    if any("0" <= c <= "9" for c in pw):
        points += 1
    if any(not c.isalnum() and c != " " for c in pw):
        points += 1
    if points <= 1:
        return "weak"
    if points <= 3:
        return "medium"
    return "strong"


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print(strength(text))
