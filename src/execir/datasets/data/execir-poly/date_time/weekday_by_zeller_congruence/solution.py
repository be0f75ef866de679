import sys

NAMES = ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def weekday_name(year, month, day):
    if month < 3:
        month += 12
        year -= 1
    k = year % 100
    j = year // 100
    h = (day + (13 * (month + 1)) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    return NAMES[h]


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(weekday_name(*data[1 + 3 * i:4 + 3 * i]))
