import sys


def to_minutes(text):
    return int(text[:2]) * 60 + int(text[3:])


def merge_slots(slots):
    merged = []
    for start, end in sorted(slots):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged


data = sys.stdin.read().split()
n = int(data[0])
slots = [(to_minutes(data[1 + 2 * i]), to_minutes(data[2 + 2 * i])) for i in range(n)]
merged = merge_slots(slots)
if not merged:
    print("none")
for start, end in merged:
    print("%02d:%02d-%02d:%02d" % (start // 60, start % 60, end // 60, end % 60))
