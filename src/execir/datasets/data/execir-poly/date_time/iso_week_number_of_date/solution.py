import sys


def days_from_civil(y, m, d):
    y -= m <= 2
    era, yoe = divmod(y, 400)
    doy = (153 * ((m + 9) % 12) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def iso_week(year, month, day):
    days = days_from_civil(year, month, day)
    thursday = days - (days + 3) % 7 + 3
    week_year = year
    if thursday < days_from_civil(year, 1, 1):
        week_year -= 1
    elif thursday >= days_from_civil(year + 1, 1, 1):
        week_year += 1
    week = (thursday - days_from_civil(week_year, 1, 1)) // 7 + 1
    return "%04d-W%02d" % (week_year, week)


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    print(iso_week(*data[1 + 3 * i:4 + 3 * i]))
