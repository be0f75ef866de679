"""Small numeric helpers."""


def clamp(value, low, high):
    """Limit a number to the closed interval from low to high."""
    if low > high:
        raise ValueError("low must not exceed high")
    if value < low:
        return low
    if value > high:
        return high
    return value


def running_max(values):
    """Return the largest value seen so far at every position of a sequence."""
    out = []
    best = None
    for v in values:
        if best is None or v > best:
            best = v
        out.append(best)
    return out


def _helper(x):
    return x * 2


class Stats:
    """Summary statistics of a list of numbers."""

    def __init__(self, values):
        self.values = list(values)

    def mean(self):
        """Arithmetic mean of the values, zero for an empty list.

        >>> Stats([1, 2]).mean()
        1.5

        >>> Stats([]).mean()
        0.0
        """
        if not self.values:
            return 0.0
        total = 0
        for v in self.values:
            total += v
        return total / len(self.values)
