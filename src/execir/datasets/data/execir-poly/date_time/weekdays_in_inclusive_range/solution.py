import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def business_days(start, end):
    first = days_from_civil(*(int(x) for x in start.split("-")))
    last = days_from_civil(*(int(x) for x in end.split("-")))
    count = 0
    for day in range(first, last + 1):
        if (day + 3) % 7 < 5:
            count += 1
    return count


data = sys.stdin.read().split()
for i in range(int(data[0])):
    print(business_days(data[1 + 2 * i], data[2 + 2 * i]))
