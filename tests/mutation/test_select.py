"""Classification of executed mutants and seeded distractor selection."""

from __future__ import annotations

import pytest

from execir.mutation import Mutant
from execir.mutation.select import (INVALID, KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, SURVIVED,
                                    VerifiedMutant, classify, failing_tests,
                                    identical_failing_subsets, select_distractors)


@pytest.mark.parametrize("outcomes,status", [
    (("pass", "FAIL", "pass"), KILLED_WRONG_OUTPUT),
    (("FAIL:IndexError", "FAIL", "TIMEOUT"), KILLED_WRONG_OUTPUT),
    (("pass", "FAIL:TypeError", "TIMEOUT"), KILLED_CRASH_ONLY),
    (("pass", "pass"), SURVIVED),
    (("ERROR:NameError", "ERROR:NameError"), INVALID),
    ((), INVALID),
])
def test_classify(outcomes, status):
    assert classify(outcomes) == status


def test_failing_tests():
    assert failing_tests(("pass", "FAIL", "pass", "FAIL:KeyError")) == (1, 3)


def _vm(i: int, mtype: str, outcomes: tuple[str, ...]) -> VerifiedMutant:
    m = Mutant(code=f"# {i}\n", operator="op", mutation_type=mtype, span=(1, 0, 1, 1), before="x",
               after="y", bug_description="d", edit_size=1)
    return VerifiedMutant(m, outcomes, i)


A = ("FAIL", "pass", "pass")
B = ("pass", "FAIL", "pass")
C = ("pass", "pass", "FAIL")


def test_selection_prefers_distinct_types_and_is_seeded():
    pool = [_vm(0, "off_by_one", A), _vm(1, "off_by_one", B), _vm(2, "off_by_one", C),
            _vm(3, "wrong_operator", A), _vm(4, "wrong_comparison", B),
            _vm(5, "swap_arguments", ("FAIL:TypeError", "pass", "pass")),  # crash only
            _vm(6, "remove_edge_case_check", ("pass", "pass", "pass")),  # survived
            _vm(7, "extended", C)]
    chosen = select_distractors(pool, seed=0, key="t/1")
    types = [v.mutant.mutation_type for v in chosen]
    assert len(chosen) == 4
    assert sorted(types) == ["off_by_one", "off_by_one", "wrong_comparison", "wrong_operator"]
    assert [v.index for v in chosen] == sorted(v.index for v in chosen)
    assert all(v.status == KILLED_WRONG_OUTPUT for v in chosen)
    assert select_distractors(pool, seed=0, key="t/1") == chosen
    # with extended allowed it fills the fourth slot with a distinct type instead
    ext = select_distractors(pool, seed=0, key="t/1", extended=True)
    assert sorted(v.mutant.mutation_type for v in ext) == [
        "extended", "off_by_one", "wrong_comparison", "wrong_operator"]
    # different seeds can pick different off_by_one mutants, always one of indices 0-2
    picks = {tuple(v.index for v in select_distractors(pool, seed=s, key="t/1", k=3))
             for s in range(20)}
    assert len(picks) > 1
    assert all(sum(1 for i in p if i <= 2) == 1 for p in picks)


def test_selection_avoids_identical_failing_subsets():
    pool = [_vm(0, "off_by_one", A), _vm(1, "wrong_operator", A), _vm(2, "wrong_operator", B)]
    for seed in range(10):
        chosen = select_distractors(pool, seed=seed, k=2)
        assert not identical_failing_subsets(chosen)
        assert {v.failing_tests for v in chosen} == {(0,), (1,)}


def test_selection_with_nothing_eligible():
    pool = [_vm(0, "off_by_one", ("pass", "pass")), _vm(1, "off_by_one", ("ERROR:SyntaxError",))]
    assert select_distractors(pool) == []
    assert select_distractors([_vm(0, "off_by_one", A)], k=0) == []


def test_record_carries_failing_tests():
    rec = _vm(3, "wrong_operator", B).record()
    assert rec["failing_tests"] == [1]
    assert rec["mutation_type"] == "wrong_operator" and rec["span"] == [1, 0, 1, 1]
