import sys


def max_depth(text):
    depth = deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return -1
    return deepest if depth == 0 else -1


for line in sys.stdin:
    if line.strip():
        print(max_depth(line))
