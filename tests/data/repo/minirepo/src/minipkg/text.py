"""Small text helpers."""

import re

VOWELS = "aeiou"


def count_vowels(text):
    """Count how many vowels a string contains, ignoring case.

    >>> count_vowels("Banana")
    3
    """
    n = 0
    for ch in text.lower():
        if ch in VOWELS:
            n += 1
    return n


def slugify(title, sep="-"):
    """Turn a title into a lowercase URL slug with words joined by a separator.

    Non-alphanumeric characters are dropped.
    """
    words = re.findall(r"[a-z0-9]+", title.lower())
    if len(words) == 0:
        return ""
    return sep.join(words)
