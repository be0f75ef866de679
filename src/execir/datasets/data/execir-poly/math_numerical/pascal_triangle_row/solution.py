import sys


def pascal_row(n):
    row = [1]
    for k in range(n):
        row.append(row[k] * (n - k) // (k + 1))
    return row


for line in sys.stdin:
    if line.strip():
        n = int(line)
        print("invalid" if n < 0 else " ".join(map(str, pascal_row(n))))
