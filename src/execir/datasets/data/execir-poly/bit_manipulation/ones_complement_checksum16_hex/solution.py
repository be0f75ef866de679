import sys


def checksum16(words):
    total = 0
    for word in words:
        if word < 0 or word > 0xFFFF:
            return None
        total += word
        while total > 0xFFFF:
            total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


data = sys.stdin.read().split()
n = int(data[0])
result = checksum16([int(x) for x in data[1:1 + n]])
print("invalid" if result is None else format(result, "04X"))
