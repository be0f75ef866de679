import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era, yoe = divmod(y, 400)
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def nth_weekday(year, month, weekday, n):
    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        lengths[1] = 29
    first = (days_from_civil(year, month, 1) + 3) % 7
    day = 1 + (weekday - first) % 7 + 7 * (n - 1)
    return day if day <= lengths[month - 1] else None


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    day = nth_weekday(*data[1 + 4 * i:5 + 4 * i])
    print("none" if day is None else day)
