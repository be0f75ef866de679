import sys


def merge_segments(segments):
    merged = []
    for start, end, label in segments:
        if merged and merged[-1][1] == start and merged[-1][2] == label:
            merged[-1][1] = end
        else:
            merged.append([start, end, label])
    return merged


data = sys.stdin.read().split()
n = int(data[0])
segments = [(int(data[1 + 3 * i]), int(data[2 + 3 * i]), data[3 + 3 * i]) for i in range(n)]
merged = merge_segments(segments)
if not merged:
    print("none")
for start, end, label in merged:
    print(start, end, label)
