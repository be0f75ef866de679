import sys


def day_clock(seconds):
    if seconds < 0:
        return None
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    clock = "%02d:%02d:%02d" % (hours, minutes, secs)
    return f"{days}d {clock}" if days > 0 else clock


data = sys.stdin.read().split()
for token in data[1:1 + int(data[0])]:
    text = day_clock(int(token))
    print("invalid" if text is None else text)
