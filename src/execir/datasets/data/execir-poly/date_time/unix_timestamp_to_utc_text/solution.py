import sys


def civil_from_days(z):
    z += 719468
    era, doe = divmod(z, 146097)
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d


def utc_text(t):
    days, secs = divmod(t, 86400)
    y, m, d = civil_from_days(days)
    return "%04d-%02d-%02d %02d:%02d:%02d" % (y, m, d, secs // 3600, secs // 60 % 60, secs % 60)


data = sys.stdin.read().split()
for token in data[1:1 + int(data[0])]:
    print(utc_text(int(token)))
