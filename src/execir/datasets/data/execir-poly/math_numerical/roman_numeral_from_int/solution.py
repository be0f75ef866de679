import sys

TABLE = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def to_roman(n):
    if n < 1 or n > 3999:
        return "invalid"
    out = []
    for value, symbol in TABLE:
        while n >= value:
            out.append(symbol)
            n -= value
    return "".join(out)


for line in sys.stdin:
    if line.strip():
        print(to_roman(int(line)))
