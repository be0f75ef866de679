import sys


def cancel_pairs(items):
    stack = []
    cancelled = 0
    for item in items:
        if stack and stack[-1] == item:
            stack.pop()
            cancelled += 1
        else:
            stack.append(item)
    return stack, cancelled


remaining, cancelled = cancel_pairs(sys.stdin.readline().split())
print(" ".join(remaining))
print(cancelled)
