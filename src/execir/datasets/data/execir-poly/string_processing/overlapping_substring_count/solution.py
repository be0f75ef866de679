import sys


def count_overlapping(text, sub):
    if not sub:
        return 0
    count = 0
    m = len(sub)
    for i in range(len(text) - m + 1):
        matched = True
        for j in range(m):
            if text[i + j] != sub[j]:
                matched = False
                break
        if matched:
            count += 1
    return count


pattern = sys.stdin.readline().rstrip("\n")
text = sys.stdin.readline().rstrip("\n")
print(count_overlapping(text, pattern))
