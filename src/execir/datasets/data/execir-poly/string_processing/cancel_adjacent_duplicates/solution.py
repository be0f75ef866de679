import sys


def cancel_pairs(s):
    stack = []
    removed = 0
    for ch in s:
        if stack and stack[-1] == ch:
            stack.pop()
            removed += 1
        else:
            stack.append(ch)
    return "".join(stack), removed


rest, removed = cancel_pairs(sys.stdin.readline().rstrip("\n"))
print(rest)
print(removed)
