"""The one ranking function of execir.

Every ranked list in the package — retrieval, fusion, reranking, metrics, analyses — is ordered by
:func:`rank`: score descending, then snippet id ascending.  Keeping one total order in one place is
what makes runs byte-identical across machines and metric values independent of input order.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

import numpy as np


def rank(scores: Mapping[str, float] | Iterable[tuple[str, float]], k: int | None = None
         ) -> list[tuple[str, float]]:
    """Order ``(id, score)`` pairs by score descending, then id ascending; keep the top ``k``.

    Args:
        scores: a mapping id -> score, or an iterable of ``(id, score)`` pairs (ids unique).
        k: how many to keep; ``None`` keeps all.

    Returns:
        list of ``(id, score)`` with scores as Python floats.

    Raises:
        ValueError: a score is NaN (NaN has no place in a total order).
    """
    items = list(scores.items()) if isinstance(scores, Mapping) else list(scores)
    for sid, score in items:
        if score != score:  # NaN
            raise ValueError(f"score of {sid!r} is NaN")
    items.sort(key=lambda item: (-float(item[1]), item[0]))
    if k is not None:
        items = items[:k]
    return [(sid, float(score)) for sid, score in items]


def top_k_matrix(scores: np.ndarray, ids: Sequence[str], k: int) -> list[list[tuple[str, float]]]:
    """Exact top-``k`` of each row of a ``(n_queries, n_docs)`` score matrix, in the rank order.

    ``ids[j]`` names column ``j``.  Equivalent to calling :func:`rank` on every row, but uses
    ``argpartition`` to shortlist candidates first; ties at the cut-off are all kept in the
    shortlist so the id tie rule is applied exactly.

    Raises:
        ValueError: shape mismatch or a NaN score.
    """
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim != 2 or scores.shape[1] != len(ids):
        raise ValueError(f"scores shape {scores.shape} does not match {len(ids)} ids")
    if np.isnan(scores).any():
        raise ValueError("score matrix contains NaN")
    n_docs = scores.shape[1]
    k = min(k, n_docs)
    out: list[list[tuple[str, float]]] = []
    for row in scores:
        if k < n_docs:
            kth = np.partition(row, n_docs - k)[n_docs - k]
            cand = np.flatnonzero(row >= kth)
        else:
            cand = np.arange(n_docs)
        out.append(rank(((ids[j], row[j]) for j in cand), k))
    return out
