"""Test amplification: derived inputs, canonical outputs read back from the sandbox, survivors
killed by amplified asserts, likely-equivalent survivors."""

from __future__ import annotations

import pytest

from execir.execution import run_many
from execir.mutation import enumerate_mutants
from execir.construction.verify import amplify_survivors, canonical_outputs
from execir.execution import Oracle
from execir.mutation.amplify import derive_inputs, neighbours
from execir.records import Task

COUNT_POS = Task(task_id="a/count_pos", query="Count positive numbers.", entry_point="count_pos",
                 canonical="def count_pos(xs):\n    return sum(1 for x in xs if x > 0)\n",
                 tests=("assert count_pos([1, -1, 2]) == 2", "assert count_pos([]) == 0"))
ABSDIFF = Task(task_id="a/absdiff", query="Absolute difference.", entry_point="absdiff",
               canonical="def absdiff(a, b):\n    return a - b if a > b else b - a\n",
               tests=("candidate = absdiff\nassert candidate(3, 1) == 2",
                      "assert absdiff(1, 3) == 2"))


@pytest.mark.parametrize("value,expected", [
    (3, [4, 2]),
    (True, [False]),
    ("ab", ["", "b", "a", "aab", "abb"]),
    ("", []),
    ([1, 2], [[], [2], [1], [1, 1, 2], [1, 2, 2], [2, 2], [0, 2], [1, 3], [1, 1]]),
    ((5,), [(), (5, 5), (6,), (4,)]),
    (1.5, []),
])
def test_neighbours(value, expected):
    assert neighbours(value) == expected


def test_derive_inputs_follows_aliases_and_skips_seeds():
    calls = derive_inputs(ABSDIFF.tests, "absdiff")
    # seeds (3, 1) and (1, 3); each argument ±1 in turn, in order, without repeating a seed or an earlier input
    assert calls == ["4, 1", "2, 1", "3, 2", "3, 0", "2, 3", "0, 3", "1, 4", "1, 2"]
    assert derive_inputs(["assert f(x) == 1"], "f") == []  # non-literal argument: no seed
    assert len(derive_inputs(COUNT_POS.tests, "count_pos", limit=3)) == 3


def test_canonical_outputs_come_from_the_sandbox():
    values = canonical_outputs(Oracle(), COUNT_POS.canonical, "count_pos", ["[0, -1, 2]", "[5, 6]", "None"])
    assert values == {0: 1, 1: 2}  # the third call raises TypeError: no output


def _survivors(task):
    ms = enumerate_mutants(task.canonical, entry_point=task.entry_point)
    results = run_many([(m.code, task.tests) for m in ms], workers=2)
    return [m for m, r in zip(ms, results) if r.passed]


def test_amplification_kills_real_survivors_and_flags_equivalent_ones():
    survivors = {t.task_id: _survivors(t) for t in (COUNT_POS, ABSDIFF)}
    # `x > 0` -> `x >= 0` and `0` -> `-1` survive the weak count_pos tests (no zero in them);
    # `a > b` -> `a >= b` in absdiff is equivalent.
    assert sorted((m.before, m.after) for m in survivors["a/count_pos"]) == [("0", "-1"), (">", ">=")]
    assert [(m.before, m.after) for m in survivors["a/absdiff"]] == [(">", ">=")]
    res = amplify_survivors(Oracle(workers=2), [COUNT_POS, ABSDIFF], survivors)
    cp, ad = res["a/count_pos"], res["a/absdiff"]
    assert (cp.survivors, cp.killed, cp.likely_equivalent) == (2, 2, ())
    assert cp.amplified_tests == ("assert count_pos([0, -1, 2]) == 1",)
    assert cp.inputs == 8
    assert (ad.survivors, ad.killed, ad.amplified_tests) == (1, 0, ())
    assert ad.likely_equivalent == tuple(survivors["a/absdiff"])
    # the kept assert passes on the canonical and fails (plain assertion) on both survivors
    outcomes = run_many([(COUNT_POS.canonical, cp.amplified_tests)]
                        + [(m.code, cp.amplified_tests) for m in survivors["a/count_pos"]], workers=2)
    assert [r.outcomes for r in outcomes] == [("pass",), ("FAIL",), ("FAIL",)]
    assert amplify_survivors(Oracle(workers=1), [COUNT_POS], {})["a/count_pos"].survivors == 0
