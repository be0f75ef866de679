import sys


def port_valid(s):
    if not s or len(s) > 5:
        return False
    for ch in s:
        if ch < "0" or ch > "9":
            return False
    if s[0] == "0":
        return False
    return int(s) <= 65535


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if port_valid(text) else "invalid")
