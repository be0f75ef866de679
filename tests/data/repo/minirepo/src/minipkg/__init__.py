"""A tiny package with a pytest suite: the fixture of execir's --from-repo tests."""

from minipkg.text import count_vowels, slugify
from minipkg.numbers import clamp, running_max, Stats

__all__ = ["count_vowels", "slugify", "clamp", "running_max", "Stats"]
