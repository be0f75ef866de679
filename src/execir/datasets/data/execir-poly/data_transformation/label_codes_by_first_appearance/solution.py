import sys


def encode_labels(labels, min_count):
    counts = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    mapping = {}
    codes = []
    for label in labels:
        if counts[label] < min_count:
            codes.append(-1)
            continue
        if label not in mapping:
            mapping[label] = len(mapping)
        codes.append(mapping[label])
    return codes, list(mapping)


data = sys.stdin.read().split()
n, min_count = int(data[0]), int(data[1])
codes, kept = encode_labels(data[2:2 + n], min_count)
print(" ".join(str(c) for c in codes))
print(" ".join(kept))
