"""Hard-negative intrusion rate (CoREB §4.2, Analysis V).

Among the queries whose top ``k`` holds both a positive (level >= 2) and a hard negative
(level 1), the fraction where some hard negative ranks above the highest-ranked positive.  Per
query the value is 1.0 (intruded), 0.0 (not intruded) or NaN (the query is not in the
denominator: the top ``k`` lacks a positive or a hard negative).
"""

from __future__ import annotations

import numpy as np

from execir.records import REL_CANONICAL, REL_HARD_NEGATIVE


def intrusion_at_k(rel: np.ndarray, k: int, *, positive_level: int = REL_CANONICAL,
                   hard_negative_level: int = REL_HARD_NEGATIVE) -> np.ndarray:
    """Per-query intrusion indicator over the top ``k`` of ``rel`` (``(n_queries, depth)`` levels)."""
    top = rel[:, :k]
    pos = top >= positive_level
    neg = top == hard_negative_level
    has_pos = pos.any(axis=1)
    has_neg = neg.any(axis=1)
    first_pos = pos.argmax(axis=1)
    first_neg = neg.argmax(axis=1)
    out = (first_neg < first_pos).astype(np.float64)
    out[~(has_pos & has_neg)] = np.nan
    return out
