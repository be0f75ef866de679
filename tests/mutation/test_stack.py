"""Stacked mutants (ExecRetrieval appendix G.2)."""

from __future__ import annotations

import pytest

from execir.mutation import enumerate_mutants
from execir.construction.verify import verify_stacks
from execir.execution import Oracle
from execir.mutation.stack import compose, line_range, stack_mutants

CODE = ("def f(xs, k):\n"
        "    if k < 0:\n"
        "        return 0\n"
        "    total = 0\n"
        "    for i in range(1, k):\n"
        "        total += xs[i] * 2\n"
        "    return total\n")
TESTS = ["assert f([1, 2, 3], 3) == 10", "assert f([1, 2, 3], -1) == 0", "assert f([5], 1) == 0"]


def test_compose_two_disjoint_mutants():
    ms = enumerate_mutants(CODE, entry_point="f")
    a = next(m for m in ms if m.before == "<" and m.after == "<=")
    b = next(m for m in ms if m.before == "*" and m.after == "/")
    assert compose(CODE, [b, a]) == CODE.replace("k < 0", "k <= 0").replace("xs[i] * 2", "xs[i] / 2")
    with pytest.raises(ValueError):
        compose(CODE, [a, a])


def test_line_range_of_deleted_block():
    guard = next(m for m in enumerate_mutants(CODE, entry_point="f")
                 if m.mutation_type == "remove_edge_case_check")
    assert guard.span == (2, 0, 4, 0) and line_range(guard) == (2, 3)


def test_stacks_are_disjoint_seeded_and_verified():
    ms = enumerate_mutants(CODE, entry_point="f")
    stacks = stack_mutants(CODE, ms, seed=1, key="f")
    assert stacks == stack_mutants(CODE, ms, seed=1, key="f")
    assert {len(s.parts) for s in stacks} == {2, 3, 4}
    for s in stacks:
        ranges = sorted(line_range(m) for m in s.parts)
        assert all(a[1] < b[0] for a, b in zip(ranges, ranges[1:]))
        assert s.code == compose(CODE, s.parts) and s.edit_size >= len(s.parts)
    kept = verify_stacks(Oracle(workers=2), [(s, TESTS) for s in stacks])
    assert kept and all(any(o != "pass" for o in outcomes) for _, outcomes in kept)
