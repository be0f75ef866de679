import sys


def is_letter(ch):
    return "a" <= ch <= "z" or "A" <= ch <= "Z" or ch == "_"


def identifier_valid(name):
    if len(name) == 0 or not is_letter(name[0]):
        return False
    for ch in name[1:]:
        if not (is_letter(ch) or "0" <= ch <= "9"):
            return False
    return True


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if identifier_valid(text) else "invalid")
