import sys


def to_camel(name):
    parts = [p for p in name.split("_") if p]
    if not parts:
        return ""
    out = parts[0].lower()
    for p in parts[1:]:
        out += p[0].upper() + p[1:].lower()
    return out


for line in sys.stdin:
    name = line.strip()
    if name:
        print(to_camel(name))
