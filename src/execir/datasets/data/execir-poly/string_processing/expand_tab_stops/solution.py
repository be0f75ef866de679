import sys


def expand_tabs(line, tabsize):
    out = []
    col = 0
    for ch in line:
        if ch == "\t":
            spaces = tabsize - (col % tabsize)
            out.append(" " * spaces)
            col += spaces
        else:
            out.append(ch)
            col += 1
    return "".join(out)


tabsize = int(sys.stdin.readline())
for line in sys.stdin:
    print(expand_tabs(line.rstrip("\n"), tabsize))
