import sys


def vigenere(text, key):
    if len(key) == 0:
        return text
    out = []
    k = 0
    for ch in text:
        if ch.isascii() and ch.isalpha():
            shift = ord(key[k % len(key)]) - ord("a")
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr(base + (ord(ch) - base + shift) % 26))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


key = sys.stdin.readline().strip()
text = sys.stdin.readline().rstrip("\n")
print(vigenere(text, key))
