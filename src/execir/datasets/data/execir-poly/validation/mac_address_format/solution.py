import sys

HEX = "0123456789abcdefABCDEF"


def mac_valid(s):
    if len(s) != 17:
        return False
    sep = s[2]
    if sep != ":" and sep != "-":
        return False
    for i, ch in enumerate(s):
        if i % 3 == 2:
            if ch != sep:
                return False
        elif ch not in HEX:
            return False
    return True


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if mac_valid(text) else "invalid")
