import sys


def abbreviate(words, limit):
    out = []
    for word in words:
        if len(word) > limit:
            out.append(word[0] + str(len(word) - 2) + word[-1])
        else:
            out.append(word)
    return " ".join(out)


limit = int(sys.stdin.readline())
print(abbreviate(sys.stdin.readline().split(), limit))
