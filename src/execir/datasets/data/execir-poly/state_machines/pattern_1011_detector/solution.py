import sys

STEP = {0: {"1": 1, "0": 0}, 1: {"0": 2, "1": 1}, 2: {"1": 3, "0": 0},
        3: {"1": 4, "0": 2}, 4: {"0": 2, "1": 1}}


def count_1011(bits):
    state = 0
    count = 0
    for ch in bits:
        if ch not in "01":
            state = 0
            continue
        state = STEP[state][ch]
        if state == 4:
            count += 1
    return count


for line in sys.stdin:
    word = line.strip()
    if word:
        print(count_1011(word))
