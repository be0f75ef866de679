import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def signed_days(start, end):
    a = days_from_civil(*(int(x) for x in start.split("-")))
    b = days_from_civil(*(int(x) for x in end.split("-")))
    return b - a


data = sys.stdin.read().split()
for i in range(int(data[0])):
    print(signed_days(data[1 + 2 * i], data[2 + 2 * i]))
