import sys


def day_of_year(year, month, day):
    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        lengths[1] = 29
    if month < 1 or month > 12 or day < 1 or day > lengths[month - 1]:
        return None
    total = 0
    for i in range(month - 1):
        total += lengths[i]
    return total + day


data = [int(x) for x in sys.stdin.read().split()]
for i in range(data[0]):
    result = day_of_year(*data[1 + 3 * i:4 + 3 * i])
    print("invalid" if result is None else result)
