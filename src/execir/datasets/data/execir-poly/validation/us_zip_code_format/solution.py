import sys


def all_digits(s):
    return len(s) > 0 and all("0" <= ch <= "9" for ch in s)


def zip_valid(code):
    if len(code) == 5:
        return all_digits(code)
    if len(code) == 10:
        return code[5] == "-" and all_digits(code[:5]) and all_digits(code[6:])
    return False


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if zip_valid(text) else "invalid")
