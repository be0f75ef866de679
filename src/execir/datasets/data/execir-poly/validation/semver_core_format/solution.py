import sys


def semver_valid(version):
    parts = version.split(".")
    if len(parts) != 3:
        return False
    for part in parts:
        if part == "" or not all("0" <= ch <= "9" for ch in part):
            return False
        if part[0] == "0" and len(part) > 1:
            return False
    return True


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("valid" if semver_valid(text) else "invalid")
