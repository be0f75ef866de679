"""Hard-negative share of the top k (CoREB §4.2 Analysis V, as a per-query rate).

Per query: the number of hard negatives (relevance exactly 1, CoREB's same-problem failing
solutions and noise descriptions) among the first ``k`` ranks, divided by ``k``.  Unlike
:func:`execir.evaluation.metrics.intrusion.intrusion_at_k` (the paper's Figure 7 indicator, which
only counts queries whose top ``k`` holds both a positive and a hard negative), every query has a
value, so the rate can be averaged per task like any other metric.
"""

from __future__ import annotations

import numpy as np

from execir.records import REL_HARD_NEGATIVE


def hn_share_at_k(rel: np.ndarray, k: int, *, hard_negative_level: int = REL_HARD_NEGATIVE) -> np.ndarray:
    """Per-query share of the top ``k`` that are hard negatives.

    Args:
        rel: ``(n_queries, depth)`` qrels levels in rank order (0 = unjudged or empty rank).
        k: cut-off (>= 1); ranks past ``depth`` count as not hard negatives.

    Returns:
        ``(n_queries,)`` float64 in [0, 1].

    Raises:
        ValueError: ``k < 1``.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    return (rel[:, :k] == hard_negative_level).sum(axis=1) / float(k)
