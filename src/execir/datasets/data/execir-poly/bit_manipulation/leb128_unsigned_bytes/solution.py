import sys


def leb128(value):
    if value < 0:
        return None
    out = []
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return out


data = sys.stdin.read().split()
for token in data[1:1 + int(data[0])]:
    encoded = leb128(int(token))
    print("invalid" if encoded is None else " ".join(format(b, "02X") for b in encoded))
