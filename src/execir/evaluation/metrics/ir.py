"""Standard IR metrics at a cut-off ``k``, computed as trec_eval does (CoREB Appendix B.4).

Inputs are ``(n_queries, depth)`` arrays in rank order:

* ``gains``: the gain of the snippet at each rank.  CoREB's rule (relevance_level = 2): a level
  below 2 — the hard negatives — has gain 0, a level of 2 or more keeps its level as gain.  This
  is what pytrec_eval computes once every level below ``relevance_level`` is set to 0 in the
  qrels: pytrec_eval's ``relevance_level`` only changes its binary measures, never nDCG's gains.
* ``relevant``: the snippet's level is at least ``relevance_level`` (binary measures).
* ``ideal``: per query, all positive gains of its qrels sorted descending, zero padded.
* ``n_relevant``: per query, the number of qrels entries with level >= ``relevance_level``.

Queries with ``n_relevant == 0`` get NaN (they are excluded from every mean and counted by the
caller).  ``precision@k`` divides by ``k``; ``recall@k`` and ``map@k`` divide by the query's full
number of relevant items (trec_eval's ``recall_k`` and ``map_cut_k``); ``mrr@k`` is the reciprocal
rank of the first relevant snippet within the top ``k``, 0 if none.
"""

from __future__ import annotations

import numpy as np


def discounts(depth: int) -> np.ndarray:
    """``1 / log2(rank + 1)`` for ranks ``1..depth``."""
    return 1.0 / np.log2(np.arange(2, depth + 2, dtype=np.float64))


def _excluded(values: np.ndarray, n_relevant: np.ndarray) -> np.ndarray:
    values = values.astype(np.float64, copy=False)
    values[n_relevant == 0] = np.nan
    return values


def ndcg_at_k(gains: np.ndarray, ideal: np.ndarray, k: int) -> np.ndarray:
    """Per-query nDCG@k = DCG@k / IDCG@k with ``DCG@k = sum_i gain_i / log2(i + 1)``; NaN when the
    ideal DCG is 0 (no relevant item)."""
    disc = discounts(k)
    g = gains[:, :k]
    dcg = g @ disc[: g.shape[1]]
    ig = ideal[:, :k]
    idcg = ig @ disc[: ig.shape[1]]
    with np.errstate(invalid="ignore", divide="ignore"):
        out = dcg / idcg
    out[idcg == 0] = np.nan
    return out


def precision_at_k(relevant: np.ndarray, n_relevant: np.ndarray, k: int) -> np.ndarray:
    """Per-query P@k = relevant snippets in the top ``k`` / ``k``."""
    return _excluded(relevant[:, :k].sum(axis=1) / float(k), n_relevant)


def recall_at_k(relevant: np.ndarray, n_relevant: np.ndarray, k: int) -> np.ndarray:
    """Per-query Recall@k = relevant snippets in the top ``k`` / all relevant snippets."""
    with np.errstate(invalid="ignore", divide="ignore"):
        out = relevant[:, :k].sum(axis=1) / n_relevant.astype(np.float64)
    return _excluded(out, n_relevant)


def mrr_at_k(relevant: np.ndarray, n_relevant: np.ndarray, k: int) -> np.ndarray:
    """Per-query reciprocal rank of the first relevant snippet in the top ``k`` (0 if none)."""
    top = relevant[:, :k]
    hit = top.any(axis=1)
    first = top.argmax(axis=1) + 1
    out = np.where(hit, 1.0 / first, 0.0)
    return _excluded(out, n_relevant)


def map_at_k(relevant: np.ndarray, n_relevant: np.ndarray, k: int) -> np.ndarray:
    """Per-query average precision cut at ``k``: sum of P@i over relevant ranks ``i <= k``,
    divided by the number of relevant snippets."""
    top = relevant[:, :k].astype(np.float64)
    ranks = np.arange(1, top.shape[1] + 1, dtype=np.float64)
    prec = np.cumsum(top, axis=1) / ranks
    with np.errstate(invalid="ignore", divide="ignore"):
        out = (prec * top).sum(axis=1) / n_relevant.astype(np.float64)
    return _excluded(out, n_relevant)
