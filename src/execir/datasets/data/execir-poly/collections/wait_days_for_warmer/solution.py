import sys


def days_until_warmer(temps):
    result = [0] * len(temps)
    waiting = []
    for i, temp in enumerate(temps):
        while waiting and temps[waiting[-1]] < temp:
            j = waiting.pop()
            result[j] = i - j
        waiting.append(i)
    return result


data = sys.stdin.read().split()
n = int(data[0])
print(" ".join(str(x) for x in days_until_warmer([int(x) for x in data[1:1 + n]])))
