import sys

HEX = "0123456789abcdefABCDEF"


def hex_colour_valid(s):
    if len(s) != 4 and len(s) != 7:
        return False
    if s[0] != "#":
        return False
    for ch in s[1:]:
        if ch not in HEX:
            return False
    return True


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if hex_colour_valid(text) else "invalid")
