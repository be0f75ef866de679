"""Pool-density ablation (ExecRetrieval §5.3, Table 4).

For each query keep ``d`` of its ``m`` own (paired) distractors, remove the others, leave the rest of
the corpus as it is, and take the exact expectation of exec@1 over all ``C(m, d)`` retained subsets
(``d >= m`` keeps the shipped configuration).  Removing items never reorders the rest, so the new
rank-1 snippet is the first item of the original ranking that was not removed.  Walking the
ranking from the top: while items are paired distractors, the ``i``-th of them becomes rank 1 when
the ``i - 1`` before it are removed and it is kept; the first item that is not a paired distractor
becomes rank 1 when every paired distractor above it is removed.  With ``d`` kept out of ``m``,

    P(a given set of a is removed and a given set of b is kept) = C(m - a - b, d - b) / C(m, d).

At ``d = m`` the probability of the original rank 1 is exactly 1, so the column reproduces exec@1
exactly.
"""

from __future__ import annotations

from math import comb

import numpy as np

from execir.evaluation.judged import JudgedRun


def expected_exec1(judged: JudgedRun, n_paired: np.ndarray, d: int) -> np.ndarray:
    """Per-query expected exec@1 when ``d`` of each query's paired distractors are kept.

    Args:
        judged: the run's arrays (``paired`` and ``passed`` columns are read).
        n_paired: ``(n_queries,)`` number of paired distractors of each query in the corpus.
        d: how many to keep (``d >= m`` keeps all ``m``).

    Returns:
        ``(n_queries,)`` float64 values in [0, 1].

    Raises:
        ValueError: ``d < 0``, or a needed rank lacks an execution label.
    """
    if d < 0:
        raise ValueError(f"d must be >= 0, got {d}")
    n_q, depth = judged.paired.shape
    out = np.zeros(n_q, dtype=np.float64)
    for i in range(n_q):
        m = int(n_paired[i])
        keep = min(d, m)
        total = comb(m, keep)
        value = 0.0
        for r in range(depth):
            if not judged.filled[i, r]:
                break
            if r >= judged.label_depth:
                raise ValueError("density ablation needs execution labels deeper in the ranking")
            if judged.paired[i, r]:
                # r paired distractors above (all paired, since we stop at the first non-paired)
                p = comb(m - r - 1, keep - 1) / total if keep >= 1 else 0.0
                if judged.passed[i, r]:
                    value += p
                if keep == m:
                    break
            else:
                p = comb(m - r, keep) / total
                if judged.passed[i, r]:
                    value += p
                break
        out[i] = value
    return out
