import sys

CODES = {}
for letters, digit in (("bfpv", "1"), ("cgjkqsxz", "2"), ("dt", "3"), ("l", "4"),
                       ("mn", "5"), ("r", "6")):
    for letter in letters:
        CODES[letter] = digit


def soundex(word):
    w = word.lower()
    out = w[0].upper()
    prev = CODES.get(w[0], "")
    for ch in w[1:]:
        digit = CODES.get(ch, "")
        if digit and digit != prev:
            out += digit
        if ch not in "hw":
            prev = digit
    return (out + "000")[:4]


for line in sys.stdin:
    word = line.strip()
    if word:
        print(soundex(word))
