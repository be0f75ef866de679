import sys


def mod_pow(base, exponent, modulus):
    result = 1 % modulus
    base %= modulus
    while exponent > 0:
        if exponent & 1:
            result = result * base % modulus
        base = base * base % modulus
        exponent >>= 1
    return result


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 3:
        print(mod_pow(int(parts[0]), int(parts[1]), int(parts[2])))
