import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era, yoe = divmod(y, 400)
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def to_minutes(date, clock):
    days = days_from_civil(*(int(x) for x in date.split("-")))
    return days * 1440 + int(clock[:2]) * 60 + int(clock[3:])


data = sys.stdin.read().split()
for i in range(int(data[0])):
    a, b, c, d = data[1 + 4 * i:5 + 4 * i]
    print(to_minutes(c, d) - to_minutes(a, b))
