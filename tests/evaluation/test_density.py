"""Pool-density ablation: exact expectations by hand, and d = all reproduces exec@1 exactly."""

from __future__ import annotations

import numpy as np
import pytest

from execir.evaluation.density import expected_exec1
from execir.evaluation.judged import JudgedRun


def _judged(rows):
    """rows: list of lists of 'P' (paired, fails), 'c' (passing non-paired), 'x' (failing non-paired),
    'p' (paired distractor that passes — impossible in practice but exercises the formula)."""
    depth = max(len(r) for r in rows)
    n = len(rows)
    filled = np.zeros((n, depth), bool)
    paired = np.zeros((n, depth), bool)
    passed = np.zeros((n, depth), bool)
    for i, r in enumerate(rows):
        for j, ch in enumerate(r):
            filled[i, j] = True
            paired[i, j] = ch in "Pp"
            passed[i, j] = ch in "cp"
    z = np.zeros((n, depth), int)
    return JudgedRun("s", filled, z, z.astype(bool), paired, passed, depth, np.where(filled, 0, -1))


def test_hand_computed_expectations():
    # 4 paired distractors above the canonical: canonical is rank 1 only when all 4 are removed
    j = _judged(["PPPPc"])
    m = np.array([4])
    assert expected_exec1(j, m, 0)[0] == 1.0
    assert expected_exec1(j, m, 1)[0] == 0.0
    assert expected_exec1(j, m, 4)[0] == 0.0
    # 2 paired above the canonical, 2 more paired below: canonical wins iff both top ones removed
    j = _judged(["PPcPP"])
    assert expected_exec1(j, m, 1)[0] == pytest.approx(2 / 4)   # C(2,1)/C(4,1)
    assert expected_exec1(j, m, 2)[0] == pytest.approx(1 / 6)   # C(2,2)/C(4,2)
    assert expected_exec1(j, m, 3)[0] == 0.0
    # a failing unrelated snippet above everything: never solved
    assert expected_exec1(_judged(["xPc"]), np.array([1]), 0)[0] == 0.0
    # paired passing item at rank 2 (probability it is kept and rank-1 paired item removed)
    j = _judged(["Ppx"])
    assert expected_exec1(j, np.array([3]), 1)[0] == pytest.approx(1 / 3)   # keep only the 2nd
    assert expected_exec1(j, np.array([3]), 2)[0] == pytest.approx(1 / 3)   # C(1,1)/C(3,2)


def test_full_pool_reproduces_exec1_exactly():
    rng = np.random.default_rng(0)
    rows = ["".join(rng.choice(list("PPcx"), size=6)) for _ in range(200)]
    j = _judged(rows)
    m = np.array([r.count("P") + int(rng.integers(0, 2)) for r in rows])
    exec1 = j.passed[:, 0].astype(float)
    full = expected_exec1(j, m, 4 if m.max() <= 4 else int(m.max()))
    assert np.array_equal(full, exec1)
    assert float(np.mean(full)) == float(np.mean(exec1))
    d0 = expected_exec1(j, m, 0)
    assert np.all(d0 >= 0) and np.all(d0 <= 1)
