import sys


def ipv4_valid(s):
    parts = s.split(".")
    if len(parts) != 4:
        return False
    for p in parts:
        if not p or len(p) > 3 or not all("0" <= ch <= "9" for ch in p):
            return False
        if len(p) > 1 and p[0] == "0":
            return False
        if int(p) > 255:
            return False
    return True


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if ipv4_valid(text) else "invalid")
