import sys

PAIRS = {")": "(", "]": "[", "}": "{"}


def balanced(s):
    stack = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif ch in PAIRS:
            if not stack or stack[-1] != PAIRS[ch]:
                return False
            stack.pop()
    return len(stack) == 0


for line in sys.stdin:
    text = line.rstrip("\n")
    if text:
        print("balanced" if balanced(text) else "unbalanced")
