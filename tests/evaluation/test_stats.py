"""Bootstrap, percentile intervals, exact McNemar and paired differences."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from execir.evaluation.stats import (bootstrap_counts, bootstrap_means, discordant_counts, mcnemar_exact,
                                     paired_tests, percentile_ci)


def test_bootstrap_counts_are_deterministic_resamples():
    c1 = bootstrap_counts(7, 50, seed=3)
    assert c1.shape == (50, 7)
    assert (c1.sum(axis=1) == 7).all()
    assert np.array_equal(c1, bootstrap_counts(7, 50, seed=3))
    assert not np.array_equal(c1, bootstrap_counts(7, 50, seed=4))


def test_bootstrap_means_match_explicit_resampling():
    rng = np.random.default_rng(0)
    v = rng.random((9, 2))
    v[2, 1] = np.nan  # excluded query in the second column
    counts = bootstrap_counts(9, 30, seed=1)
    reps = bootstrap_means(v, counts)
    for b in range(30):
        drawn = np.repeat(np.arange(9), counts[b].astype(int))
        assert reps[b, 0] == pytest.approx(v[drawn, 0].mean(), abs=1e-12)
        col = v[drawn, 1]
        assert reps[b, 1] == pytest.approx(col[~np.isnan(col)].mean(), abs=1e-12)


def test_percentile_ci():
    reps = np.arange(101, dtype=float)[:, None]
    lo, hi = percentile_ci(reps, 0.95)
    assert lo[0] == pytest.approx(2.5) and hi[0] == pytest.approx(97.5)


def test_mcnemar_exact_by_hand():
    # b=1, c=5: two-sided p = 2 * P(X <= 1), X ~ Bin(6, 0.5) = 2 * 7/64
    assert mcnemar_exact(1, 5) == pytest.approx(14 / 64, abs=1e-12)
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(3, 3) == 1.0
    assert mcnemar_exact(179, 177) == pytest.approx(min(1.0, 2 * binom.cdf(177, 356, 0.5)), abs=1e-12)


def test_discordant_counts_and_paired_tests():
    # A solves q0..q3, B solves q2..q5: A-only = 2, B-only = 2
    a = np.array([1, 1, 1, 1, 0, 0, 0, 0], float)
    b = np.array([0, 0, 1, 1, 1, 1, 0, 0], float)
    c = np.array([1, 1, 1, 1, 1, 1, 1, 0], float)
    vals = np.column_stack([a, b, c])
    d = discordant_counts(vals)
    assert d[0, 1] == 2 and d[1, 0] == 2 and d[2, 0] == 3 and d[0, 2] == 0
    counts = bootstrap_counts(8, 2000, seed=0)
    reps = bootstrap_means(vals, counts)
    rows = paired_tests(vals, reps, [(0, 1), (2, 0)], binary=True)
    assert rows[0]["diff"] == 0.0 and rows[0]["p_mcnemar"] == 1.0
    assert rows[1]["diff"] == pytest.approx(3 / 8)
    assert rows[1]["a_only"] == 3 and rows[1]["b_only"] == 0
    assert rows[1]["p_mcnemar"] == pytest.approx(2 / 8)  # 2 * 0.5**3
    assert rows[1]["diff_ci_low"] >= 0.0 and rows[1]["diff_ci_high"] <= 1.0
    assert rows[1]["diff_ci_low"] <= rows[1]["diff"] <= rows[1]["diff_ci_high"]
    cont = paired_tests(vals, reps, [(0, 1)], binary=False)
    assert "p_mcnemar" not in cont[0]


def test_vectorised_mcnemar_equals_binomtest():
    from execir.evaluation.stats import mcnemar_exact_many

    a = np.array([0, 1, 3, 7, 179, 224, 48, 136, 50, 0])
    b = np.array([0, 5, 3, 0, 177, 123, 40, 127, 2, 9])
    many = mcnemar_exact_many(a, b)
    for x, y, p in zip(a, b, many):
        assert p == pytest.approx(mcnemar_exact(int(x), int(y)), rel=1e-9, abs=1e-300)


def test_percentile_ci_matches_numpy():
    rng = np.random.default_rng(5)
    reps = rng.random((5000, 7))
    lo, hi = percentile_ci(reps, 0.95)
    np_lo, np_hi = np.percentile(reps, [2.5, 97.5], axis=0)
    assert np.allclose(lo, np_lo, rtol=0, atol=1e-15) and np.allclose(hi, np_hi, rtol=0, atol=1e-15)


def test_paired_tests_compare_on_the_queries_both_systems_define():
    """A metric undefined for some queries (NaN, e.g. hard-negative intrusion) is compared on the
    queries both systems define: a = (1, 0, -, 1), b = (0, -, 1, 1) -> rows 0 and 3, 1.0 - 0.5."""
    import numpy as np

    from execir.evaluation.stats import bootstrap_counts, bootstrap_means, paired_tests

    nan = float("nan")
    values = np.array([[1.0, 0.0], [0.0, nan], [nan, 1.0], [1.0, 1.0]])
    counts = bootstrap_counts(4, 200, 0)
    row = paired_tests(values, bootstrap_means(values, counts), [(0, 1)], binary=True, counts=counts)[0]
    assert row["diff"] == 0.5 and (row["a_only"], row["b_only"]) == (1, 0)
    unpaired = paired_tests(values, bootstrap_means(values, counts), [(0, 1)], binary=True)[0]
    assert unpaired["diff"] == 2 / 3 - 2 / 3  # each system over its own three queries
    empty = np.full((4, 2), nan)
    none = paired_tests(empty, bootstrap_means(empty, counts), [(0, 1)], binary=False, counts=counts)[0]
    assert np.isnan(none["diff"]) and np.isnan(none["p_bootstrap"])  # no data: no p-value either
