import sys


def age_in_years(birth, on):
    by, bm, bd = (int(x) for x in birth.split("-"))
    oy, om, od = (int(x) for x in on.split("-"))
    if (oy, om, od) < (by, bm, bd):
        return None
    age = oy - by
    if om < bm or (om == bm and od < bd):
        age -= 1
    return age


data = sys.stdin.read().split()
for i in range(int(data[0])):
    age = age_in_years(data[1 + 2 * i], data[2 + 2 * i])
    print("invalid" if age is None else age)
