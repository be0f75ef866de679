import sys


def parse_number(text):
    digits = text[1:] if text.startswith("-") else text
    if digits == "" or any(ch not in "0123456789" for ch in digits):
        return None
    return int(text)


def expand(text):
    if text.strip(" ") == "":
        return []
    values = set()
    for part in text.split(","):
        part = part.strip(" ")
        cut = part.find("-", 1)
        low_text, high_text = (part[:cut], part[cut + 1:]) if cut > 0 else (part, part)
        low, high = parse_number(low_text), parse_number(high_text)
        if low is None or high is None or low > high:
            return None
        values.update(range(low, high + 1))
    return sorted(values)


result = expand(sys.stdin.readline().rstrip("\n"))
print("invalid" if result is None else " ".join(str(v) for v in result))
