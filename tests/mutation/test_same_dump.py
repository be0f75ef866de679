"""``engine.same_dump`` is exactly ``ast.dump(a) == ast.dump(b)`` (the engine's "same program"
test, made cheaper) and ``edit_size``'s prefix/suffix search matches the character loop."""

from __future__ import annotations

import ast
import difflib
import random

import pytest

from execir.mutation.engine import same_dump
from execir.mutation.mutant import edit_size

PAIRS = [
    ("x = 1", "x = (1)"), ("x = 1", "x = 1.0"), ("x = 1", "x = True"), ("x = 0.0", "x = -0.0"),
    ("x = 0.0", "x = 0.00"), ("x = 1e999", "x = 2e999"), ("x = 'a'", "x = \"a\""),
    ("x = b'a'", "x = 'a'"), ("x = u'a'", "x = 'a'"), ("x = 0x10", "x = 16"),
    ("a < b", "a <= b"), ("a < b < c", "a < b <= c"), ("f(a, b)", "f(b, a)"), ("f(a, b)", "f(a, b,)"),
    ("def f(x):\n    return x\n", "def f(x):\n    return\n"),
    ("def f(x):\n    return x\n", "def f(x):\n    return None\n"),
    ("def f(x):\n    return\n", "def f(x):\n    return None\n"),
    ("def f(x: int):\n    pass\n", "def f(x):\n    pass\n"),
    ("from a import b", "from .a import b"), ("import a as b", "import a"),
    ("x = [1, 2]", "x = (1, 2)"), ("x = [1, 2]", "x = [1, 2, 3]"), ("x = {**d}", "x = {1: d}"),
    ("x = ...", "x = Ellipsis"), ("x = 1j", "x = 1J"), ("x = None", "x = 'None'"),
    ("lambda: 0", "lambda: (0)"), ("f'{x}'", "f'{y}'"), ("f'{x}'", "f'{x!r}'"),
    ("x = a if b else c", "x = (a if b else c)"), ("del x", "del (x)"), ("x, y = y, x", "(x, y) = y, x"),
]


@pytest.mark.parametrize("a,b", PAIRS)
def test_same_dump_is_dump_equality(a, b):
    for x, y in ((a, a), (a, b), (b, a), (b, b)):
        tx, ty = ast.parse(x), ast.parse(y)
        assert same_dump(tx, ty) == (ast.dump(tx) == ast.dump(ty))


def test_same_dump_settles_mixed_kinds_by_their_texts():
    one, other = ast.parse("x = 1"), ast.parse("x = 1")
    other.body[0].value.value = [1]  # never from ast.parse: a list where a constant was
    assert same_dump(one, other) == (ast.dump(one) == ast.dump(other)) is False
    other.body[0].value.value = 1
    assert same_dump(one, other)


def _edit_size_by_loops(before: str, after: str) -> int:
    if before == after:
        return 0
    lo, limit = 0, min(len(before), len(after))
    while lo < limit and before[lo] == after[lo]:
        lo += 1
    hi = 0
    while hi < limit - lo and before[-1 - hi] == after[-1 - hi]:
        hi += 1
    a, b = before[lo:len(before) - hi], after[lo:len(after) - hi]
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in
               difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if tag != "equal")


def test_edit_size_matches_the_character_loops():
    rng = random.Random(0)
    for _ in range(20_000):
        a = "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 14)))
        if rng.random() < 0.6:
            i = rng.randint(0, len(a))
            j = rng.randint(i, len(a))
            b = a[:i] + "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 3))) + a[j:]
        else:
            b = "".join(rng.choice("ab\n") for _ in range(rng.randint(0, 14)))
        assert edit_size(a, b) == _edit_size_by_loops(a, b)
