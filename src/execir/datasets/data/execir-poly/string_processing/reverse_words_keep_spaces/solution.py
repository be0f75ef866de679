import sys


def reverse_words(s):
    out = []
    i = 0
    n = len(s)
    while i < n:
        if s[i] == " ":
            out.append(" ")
            i += 1
            continue
        j = i
        while j < n and s[j] != " ":
            j += 1
        out.append(s[i:j][::-1])
        i = j
    return "".join(out)


print(reverse_words(sys.stdin.readline().rstrip("\n")))
