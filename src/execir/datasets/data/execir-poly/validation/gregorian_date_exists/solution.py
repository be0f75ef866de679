import sys


def date_exists(year, month, day):
    if year < 1 or month < 1 or month > 12 or day < 1:
        return False
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    if month == 2:
        limit = 29 if leap else 28
    elif month in (4, 6, 9, 11):
        limit = 30
    else:
        limit = 31
    return day <= limit


for line in sys.stdin:
    parts = line.split()
    if len(parts) == 3:
        y, m, d = map(int, parts)
        print("valid" if date_exists(y, m, d) else "invalid")
