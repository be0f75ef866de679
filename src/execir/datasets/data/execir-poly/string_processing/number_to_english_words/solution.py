import sys

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
        "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def below_hundred(m):
    if m < 20:
        return ONES[m]
    word = TENS[m // 10]
    if m % 10:
        word += "-" + ONES[m % 10]
    return word


def number_words(n):
    if n < 0 or n > 999:
        return "invalid"
    if n < 100:
        return below_hundred(n)
    word = ONES[n // 100] + " hundred"
    if n % 100:
        word += " and " + below_hundred(n % 100)
    return word


for line in sys.stdin:
    if line.strip():
        print(number_words(int(line)))
