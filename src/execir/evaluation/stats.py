"""Uncertainty and paired tests (ExecRetrieval §4.2).

* Query-level bootstrap: ``replicates`` resamples of the queries with replacement, drawn once from
  ``numpy.random.default_rng(seed)`` and shared by every system and metric (so differences are
  paired).  A resample is stored as a ``(replicates, n_queries)`` count matrix ``C``; the replicate
  means of all per-query columns ``V`` are one matrix product, ``C @ V / C @ mask`` (queries with NaN
  — excluded from a metric — drop out of numerator and denominator).
* Confidence intervals: percentile method (numpy's linear interpolation) at ``level`` (0.95).
* Paired bootstrap difference of two systems: replicate means of A minus those of B under the same
  resamples; the point difference is the difference of the point means.
* Exact McNemar test for binary per-query metrics: two-sided binomial test (p = 0.5) on the
  discordant counts (queries A solves and B does not, and the reverse), via
  :func:`scipy.stats.binomtest`; p = 1 when there are no discordant queries.
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import Sequence

import numpy as np
from scipy.stats import binom, binomtest

DEFAULT_REPLICATES = 5000
DEFAULT_LEVEL = 0.95


def mean_included(values: np.ndarray) -> float:
    """Mean over the non-NaN entries; NaN when there are none."""
    kept = values[~np.isnan(values)]
    return float(np.mean(kept)) if kept.size else float("nan")


def bootstrap_counts(n: int, replicates: int = DEFAULT_REPLICATES, seed: int = 0) -> np.ndarray:
    """``(replicates, n)`` float64 matrix: how often each query is drawn in each resample.

    Deterministic for a given ``(n, replicates, seed)``.  Raises ValueError if ``n < 1``.
    """
    if n < 1 or replicates < 1:
        raise ValueError(f"need n >= 1 and replicates >= 1, got n={n}, replicates={replicates}")
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n, size=(replicates, n))
    out = np.empty((replicates, n), dtype=np.float64)
    for b in range(replicates):
        out[b] = np.bincount(draws[b], minlength=n)
    return out


def bootstrap_means(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Replicate means of each column of ``values`` (``(n, m)``, NaN = excluded query).

    Returns ``(replicates, m)``; a replicate that drew no included query is NaN.
    """
    values = np.asarray(values, dtype=np.float64)
    if values.ndim == 1:
        values = values[:, None]
    # identical columns (e.g. exec@1 = nDCG@1 = MRR@1 with one canonical per query) are resampled once
    first: dict[bytes, int] = {}
    src = np.array([first.setdefault(values[:, j].tobytes(), j) for j in range(values.shape[1])],
                   dtype=np.int64)
    uniq = np.unique(src)
    sub = values[:, uniq]
    mask = ~np.isnan(sub)
    filled = np.where(mask, sub, 0.0)
    sums = counts @ filled
    n = counts.shape[1]
    denom = np.full(sums.shape, float(n))
    partial = ~mask.all(axis=0)
    if partial.any():
        denom[:, partial] = counts @ mask[:, partial].astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = sums / denom
    out[denom == 0] = np.nan
    return out[:, np.searchsorted(uniq, src)]


def percentile_ci(replicates: np.ndarray, level: float = DEFAULT_LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Percentile interval of each column of ``(replicates, m)``; returns ``(low, high)``.

    Same values as ``numpy.percentile`` with linear interpolation, computed by partitioning
    contiguous rows.  NaN replicates are dropped per column (``numpy.nanpercentile``).
    """
    alpha = (1.0 - level) / 2.0
    q = [100.0 * alpha, 100.0 * (1.0 - alpha)]
    if np.isnan(replicates).any():
        with warnings.catch_warnings():  # an all-NaN column (no included query) yields NaN, by design
            warnings.simplefilter("ignore", RuntimeWarning)
            lo, hi = np.nanpercentile(replicates, q, axis=0)
        return np.atleast_1d(lo), np.atleast_1d(hi)
    rows = np.ascontiguousarray(np.asarray(replicates, dtype=np.float64).T)
    b = rows.shape[1]
    bounds = []
    for frac in (alpha, 1.0 - alpha):
        h = frac * (b - 1)
        lo_i = int(np.floor(h))
        hi_i = min(lo_i + 1, b - 1)
        bounds.append((lo_i, hi_i, h - lo_i))
    kth = sorted({i for lo_i, hi_i, _ in bounds for i in (lo_i, hi_i)})
    part = np.partition(rows, kth, axis=1)
    out = []
    for lo_i, hi_i, w in bounds:
        a, c = part[:, lo_i], part[:, hi_i]
        out.append(a + (c - a) * w)
    return out[0], out[1]


@lru_cache(maxsize=None)
def mcnemar_exact(a_only: int, b_only: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts (binomial test, p = 0.5)."""
    n = int(a_only) + int(b_only)
    if n == 0:
        return 1.0
    return float(binomtest(int(a_only), n, 0.5, alternative="two-sided").pvalue)


def mcnemar_exact_many(a_only: np.ndarray, b_only: np.ndarray) -> np.ndarray:
    """Vectorised :func:`mcnemar_exact`: ``min(1, 2 * BinomCDF(min(a, b); a + b, 0.5))``.

    For p = 0.5 the binomial is symmetric, so this is exactly the two-sided binomial test
    (tests check it against :func:`scipy.stats.binomtest`).
    """
    a_only = np.asarray(a_only, dtype=np.int64)
    b_only = np.asarray(b_only, dtype=np.int64)
    n = a_only + b_only
    p = np.minimum(1.0, 2.0 * binom.cdf(np.minimum(a_only, b_only), n, 0.5))
    return np.where(n == 0, 1.0, p)


def discordant_counts(binary: np.ndarray) -> np.ndarray:
    """``(S, S)`` matrix whose ``[i, j]`` counts queries where system ``i`` scores 1 and ``j``
    scores 0; ``binary`` is ``(n_queries, S)`` of 0/1/NaN (NaN rows of a pair are skipped)."""
    ones = (binary == 1).astype(np.float64)
    zeros = (binary == 0).astype(np.float64)
    return np.rint(ones.T @ zeros).astype(np.int64)


def paired_tests(values: np.ndarray, replicates: np.ndarray, pairs: Sequence[tuple[int, int]], *,
                 binary: bool, level: float = DEFAULT_LEVEL, counts: np.ndarray | None = None) -> list[dict]:
    """Paired comparisons of systems on one metric.

    Args:
        values: ``(n_queries, S)`` per-query values (NaN = excluded).
        replicates: ``(B, S)`` bootstrap replicate means from the shared resamples.
        pairs: ``(a, b)`` column pairs to compare.
        binary: add the exact McNemar test.
        level: confidence level of the difference interval.
        counts: the ``(B, n_queries)`` resample counts behind ``replicates``.  When given, a pair
            whose systems exclude different queries (a metric undefined for some queries, e.g.
            hard-negative intrusion) is compared on the queries both include -- a paired test --
            rather than on each system's own queries.

    Returns:
        one dict per pair: ``diff`` (A - B), ``diff_ci_low``, ``diff_ci_high``, ``p_bootstrap``
        (twice the smaller share of replicate differences on either side of 0, capped at 1; NaN
        when no replicate has a difference, e.g. a metric neither system defines) and, for binary
        metrics, ``a_only``, ``b_only``, ``p_mcnemar``.
    """
    if not pairs:
        return []
    out = _paired_tests(values, replicates, pairs, binary=binary, level=level)
    if counts is not None:
        nan = np.isnan(values)
        for i, (a, b) in enumerate(pairs):
            if (nan[:, a] != nan[:, b]).any():
                out[i] = _common_pair_test(values[:, [a, b]], counts, binary=binary, level=level)
    return out


def _paired_tests(values: np.ndarray, replicates: np.ndarray, pairs: Sequence[tuple[int, int]], *,
                  binary: bool, level: float) -> list[dict]:
    """:func:`paired_tests` with each system over its own included queries."""
    means = np.array([mean_included(values[:, s]) for s in range(values.shape[1])])
    a_idx = np.array([a for a, _ in pairs])
    b_idx = np.array([b for _, b in pairs])
    diffs = replicates[:, a_idx] - replicates[:, b_idx]
    lo, hi = percentile_ci(diffs, level)
    valid = ~np.isnan(diffs)
    n_valid = np.maximum(valid.sum(axis=0), 1)
    with np.errstate(invalid="ignore"):
        le = (diffs <= 0).sum(axis=0) / n_valid
        ge = (diffs >= 0).sum(axis=0) / n_valid
    p_boot = np.where(valid.any(axis=0), np.minimum(1.0, 2.0 * np.minimum(le, ge)), np.nan)
    disc = discordant_counts(values) if binary else None
    if disc is not None:
        a_only, b_only = disc[a_idx, b_idx], disc[b_idx, a_idx]
        p_mc = mcnemar_exact_many(a_only, b_only)
    out = []
    for i, (a, b) in enumerate(pairs):
        row = {
            "diff": float(means[a] - means[b]),
            "diff_ci_low": _round(lo[i]),
            "diff_ci_high": _round(hi[i]),
            "p_bootstrap": float(p_boot[i]),
        }
        if disc is not None:
            row.update({"a_only": int(a_only[i]), "b_only": int(b_only[i]), "p_mcnemar": float(p_mc[i])})
        out.append(row)
    return out


def _common_pair_test(pair: np.ndarray, counts: np.ndarray, *, binary: bool, level: float) -> dict:
    """:func:`paired_tests` of one ``(n, 2)`` pair on the queries where both values are defined."""
    both = pair.copy()
    both[np.isnan(pair).any(axis=1)] = np.nan
    return _paired_tests(both, bootstrap_means(both, counts), [(0, 1)], binary=binary, level=level)[0]


def _round(x: float) -> float:
    """Bootstrap bounds rounded to 12 decimals: the matrix products behind them may differ in the
    last bits between BLAS builds and thread counts; the rounding keeps written files identical."""
    return round(float(x), 12)
