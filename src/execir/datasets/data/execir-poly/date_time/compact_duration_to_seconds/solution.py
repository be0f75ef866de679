import sys

FACTORS = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text):
    total = 0
    digits = ""
    last = -1
    for ch in text:
        if ch in "0123456789":
            digits += ch
        elif ch in FACTORS:
            pos = "hms".index(ch)
            if not digits or pos <= last:
                return None
            total += int(digits) * FACTORS[ch]
            digits = ""
            last = pos
        else:
            return None
    if digits or last < 0:
        return None
    return total


lines = sys.stdin.read().split("\n")
for line in lines[1:1 + int(lines[0])]:
    seconds = parse_duration(line)
    print("invalid" if seconds is None else seconds)
