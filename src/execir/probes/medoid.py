"""The textual medoid: the member most similar, on average, to the other members.

Single-edit mutants of one canonical form a star: each mutant is one edit from the canonical
and two from every other mutant, so the canonical has the highest mean similarity.  Scores are
the medoid reranker's (:mod:`execir.rerank.medoid_reranker`): member ``i`` scores
``mean_{j != i} ratio(tokens_i, tokens_j)``; its inverse is the anti-medoid.
"""

from __future__ import annotations

import numpy as np

from execir.probes.family import Members
from execir.probes.tokens import similarity_matrix


def mean_similarity(members: Members) -> np.ndarray:
    """``(n,)`` float64: each member's mean token similarity to the other members (in [0, 1]);
    a one-member family scores 1."""
    m = similarity_matrix(members.texts)
    n = len(members)
    if n < 2:
        return np.ones(n)
    return (m.sum(axis=1) - np.diag(m)) / (n - 1)


class MedoidProbe:
    """``medoid`` / ``anti-medoid`` (module docstring)."""

    name = "medoid"
    inverse = "anti-medoid"
    trained = False
    note = "mean token-sequence similarity (difflib ratio) to the other members"

    def score(self, members: Members) -> np.ndarray:
        """Mean similarity to the other members, ``(n,)``."""
        return mean_similarity(members)
