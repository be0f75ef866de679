import sys


def encode(text):
    out = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        out.append(text[i] + str(j - i))
        i = j
    return "".join(out)


line = sys.stdin.readline().rstrip("\n")
print(encode(line))
