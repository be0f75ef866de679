import sys


def newer(a, b):
    pa = [int(x) for x in a.split(".")]
    pb = [int(x) for x in b.split(".")]
    for i in range(min(len(pa), len(pb))):
        if pa[i] != pb[i]:
            return pa[i] > pb[i]
    return len(pa) > len(pb)


def sort_versions(versions):
    out = list(versions)
    for i in range(1, len(out)):
        v = out[i]
        j = i - 1
        while j >= 0 and newer(out[j], v):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = v
    return out


versions = [line.strip() for line in sys.stdin if line.strip()]
for v in sort_versions(versions):
    print(v)
