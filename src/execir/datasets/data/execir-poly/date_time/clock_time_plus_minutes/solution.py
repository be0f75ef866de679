import sys


def add_minutes(clock, offset):
    hours, minutes = clock.split(":")
    total = (int(hours) * 60 + int(minutes) + offset) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


data = sys.stdin.read().split()
for i in range(int(data[0])):
    print(add_minutes(data[1 + 2 * i], int(data[2 + 2 * i])))
