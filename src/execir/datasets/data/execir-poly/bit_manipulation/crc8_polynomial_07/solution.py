import sys


def crc8(data):
    crc = 0
    for byte in data:
        if byte < 0 or byte > 255:
            return None
        crc ^= byte
        for _ in range(8):
            if crc & 0x80:
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
    return crc


tokens = sys.stdin.read().split()
n = int(tokens[0])
result = crc8([int(x) for x in tokens[1:1 + n]])
print("invalid" if result is None else format(result, "02X"))
