import sys


def wrap(words, width):
    lines = []
    current = ""
    for word in words:
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current = current + " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


tokens = sys.stdin.read().split()
lines = wrap(tokens[1:], int(tokens[0]))
print("\n".join(lines))
