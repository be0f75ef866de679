"""Operators: every worked example of every operator, plus source-preservation properties."""

from __future__ import annotations

import ast

import pytest

from execir.mutation import EXTENDED, OPERATORS, SIX_TYPES, edit_size, enumerate_mutants

CASES = [pytest.param(op, src, expected, id=f"{op.name}-{i}")
         for op in OPERATORS for i, (src, expected) in enumerate(op.examples)]


@pytest.mark.parametrize("op,src,expected", CASES)
def test_operator_examples(op, src, expected):
    got = tuple(m.code for m in enumerate_mutants(src, operators=[op], extended=True))
    assert got == expected
    for m in enumerate_mutants(src, operators=[op], extended=True):
        assert m.operator == op.name and m.mutation_type == op.mutation_type


def test_registry_covers_six_types_and_extended():
    types = {op.mutation_type for op in OPERATORS}
    assert types == set(SIX_TYPES) | {EXTENDED}
    names = [op.name for op in OPERATORS]
    assert len(names) == len(set(names))
    for op in OPERATORS:
        assert op.examples, op.name
        assert any(expected for _, expected in op.examples), f"{op.name} has no positive example"


def test_extended_operators_only_with_flag():
    src = "def f(xs):\n    for x in xs:\n        if x:\n            break\n    return True\n"
    plain = enumerate_mutants(src)
    assert all(m.mutation_type != EXTENDED for m in plain)
    ext = enumerate_mutants(src, extended=True)
    ops = {m.operator for m in ext}
    assert {"break_continue", "replace_return", "negate_condition"} <= ops
    # `return True` -> `return False` is made by replace_return first; the duplicate is dropped
    assert "constant_replacement" not in ops


CANONICAL = '''import math


def lowest_set_bit(n: int) -> int:
    """Return the lowest set bit — e.g. 12 → 4."""
    if n < 1:
        return 0
    s = "héllo"  # non-ASCII before an edit on the same line: é is 2 bytes
    total = len(s) + n
    return n & (-n) if total > 0 else xs[i]
'''


def test_source_preserved_outside_span_with_utf8():
    mutants = enumerate_mutants(CANONICAL, entry_point="lowest_set_bit")
    assert mutants
    lines = CANONICAL.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for m in mutants:
        sl, sc, el, ec = m.span
        a = starts[sl - 1] + sc
        b = starts[el - 1] + ec
        assert CANONICAL[a:b] == m.before
        assert m.code == CANONICAL[:a] + m.after + CANONICAL[b:]
        ast.parse(m.code)
    # the docstring and annotations are never touched
    assert all("Return the lowest" in m.code and "n: int) -> int" in m.code for m in mutants)
    codes = [m.code for m in mutants]
    assert len(codes) == len(set(codes))
    # the `&` lies after a 2-byte character on an earlier line only; the `+` after `s`
    plus = [m for m in mutants if m.before == "+" and m.after == "-"]
    assert len(plus) == 1 and plus[0].span == (9, 19, 9, 20)


def test_enumeration_is_deterministic_and_ordered():
    a = enumerate_mutants(CANONICAL, entry_point="lowest_set_bit", extended=True)
    b = enumerate_mutants(CANONICAL, entry_point="lowest_set_bit", extended=True)
    assert a == b
    offsets = [(m.span[0], m.span[1]) for m in a]
    assert offsets == sorted(offsets)


def test_entry_point_restricts_to_function_bodies():
    src = "K = 3\n\ndef f(x):\n    return x + K\n"
    assert {m.code for m in enumerate_mutants(src)} == {
        "K = 4\n\ndef f(x):\n    return x + K\n", "K = 2\n\ndef f(x):\n    return x + K\n",
        "K = 3\n\ndef f(x):\n    return x - K\n"}
    assert [m.code for m in enumerate_mutants(src, entry_point="f")] == [
        "K = 3\n\ndef f(x):\n    return x - K\n"]


def test_crlf_and_tabs_are_preserved():
    src = "def f(a, i):\r\n\tif i < 0:\r\n\t\treturn 0\r\n\treturn a[i] - 1\r\n"
    mutants = enumerate_mutants(src, entry_point="f")
    guard = [m for m in mutants if m.mutation_type == "remove_edge_case_check"]
    assert [m.code for m in guard] == ["def f(a, i):\r\n\treturn a[i] - 1\r\n"]
    assert guard[0].edit_size == len("\tif i < 0:\r\n\t\treturn 0\r\n")
    cmp_ = [m.code for m in mutants if m.mutation_type == "wrong_comparison"]
    assert cmp_ == ["def f(a, i):\r\n\tif i <= 0:\r\n\t\treturn 0\r\n\treturn a[i] - 1\r\n"]


def test_swapped_operands_keep_semantics_of_a_swap():
    src = "d = (a + b) - c * 2\n"
    (m,) = enumerate_mutants(src, operators=[op for op in OPERATORS if op.name == "swap_operands"])
    ns = {"a": 1, "b": 2, "c": 10}
    exec(m.code, ns)
    assert ns["d"] == 10 * 2 - (1 + 2)


@pytest.mark.parametrize("before,after,size", [
    ("i < n", "i <= n", 1),
    ("a + b", "a - b", 1),
    ("x // 2", "x / 2", 1),
    ("abc", "abc", 0),
    ("if n < 1:\n    return 0\nreturn n\n", "return n\n", 23),
    ("f(a, bb)", "f(bb, a)", 4),
])
def test_edit_size(before, after, size):
    assert edit_size(before, after) == size


def test_unparsable_canonical_raises():
    with pytest.raises(SyntaxError):
        enumerate_mutants("def f(:\n")


def test_int_valued_names_reach_a_fixpoint_and_exclude_parameters():
    import ast as _ast

    from execir.mutation.intvalue import int_names, int_valued

    func = _ast.parse("def f(xs, k):\n    n = 0\n    for i in range(k):\n        n += len(xs)\n"
                      "    m = n * 2 + i\n    s = ''\n    j = k\n    return m\n").body[0]
    assert int_names(func) == {"n", "m", "i"}
    assert int_valued(_ast.parse("sum(1 for x in xs)", mode="eval").body)
    assert not int_valued(_ast.parse("sum(xs)", mode="eval").body)
    assert not int_valued(_ast.parse("a / 2", mode="eval").body, frozenset({"a"}))


def test_one_liners_get_six_type_mutants():
    # HumanEval-style one-liners that had no six-type mutant before int_call_shift /
    # reduction_operator existed
    got = {(m.operator, m.after) for m in enumerate_mutants(
        "def strlen(string):\n    return len(string)\n", entry_point="strlen")}
    assert got == {("int_call_shift", "len(string) + 1"), ("int_call_shift", "len(string) - 1")}
    got = {(m.operator, m.after) for m in enumerate_mutants(
        "def top(xs):\n    return max(xs) if xs else None\n", entry_point="top")}
    assert ("reduction_operator", "min") in got
