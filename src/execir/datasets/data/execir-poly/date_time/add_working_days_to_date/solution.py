import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era, yoe = divmod(y, 400)
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def civil_from_days(z):
    z += 719468
    era, doe = divmod(z, 146097)
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d


def add_working_days(start, n):
    day = days_from_civil(*(int(x) for x in start.split("-")))
    while n > 0:
        day += 1
        if (day + 3) % 7 < 5:
            n -= 1
    return "%04d-%02d-%02d" % civil_from_days(day)


data = sys.stdin.read().split()
for i in range(int(data[0])):
    print(add_working_days(data[1 + 2 * i], int(data[2 + 2 * i])))
