"""Reciprocal-rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009) of any retrieval systems.

The fused score of snippet ``d`` for a query is ``sum_s 1 / (k_rrf + rank_s(d))`` over the systems
``s`` that ranked ``d`` within their top ``depth`` (ranks are 1-based); the fused list is ordered
by :func:`execir.ranking.rank` (score descending, then snippet id).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from execir.ranking import rank
from execir.records import Run

DEFAULT_RRF_K = 60
DEFAULT_DEPTH = 1000


def rrf(runs: Sequence[Run], k: int, *, rrf_k: int = DEFAULT_RRF_K) -> Run:
    """Fuse ``runs`` (each query id -> ranked ``(snippet id, score)``) and keep the top ``k``.

    A query missing from some runs is fused from the runs that have it.

    Raises:
        ValueError: no runs, ``k`` < 1 or ``rrf_k`` < 0.
    """
    if not runs:
        raise ValueError("rrf needs at least one run")
    if k < 1 or rrf_k < 0:
        raise ValueError(f"need k >= 1 and rrf_k >= 0, got k={k}, rrf_k={rrf_k}")
    fused: Run = {}
    for qid in sorted(set().union(*runs)):
        scores: dict[str, float] = {}
        for run in runs:
            for position, (sid, _) in enumerate(run.get(qid, ()), start=1):
                scores[sid] = scores.get(sid, 0.0) + 1.0 / (rrf_k + position)
        fused[qid] = rank(scores, k)
    return fused


class FusionRetriever:
    """Retrieve with every member system to ``depth`` and fuse by :func:`rrf`.

    Args:
        members: retrievers (anything with ``name`` and ``search``).
        rrf_k: the RRF constant (60 by default, as in the original paper).
        depth: how deep each member's list is taken (capped at the corpus size).
    """

    def __init__(self, members: Sequence[Any], *, rrf_k: int = DEFAULT_RRF_K, depth: int = DEFAULT_DEPTH):
        if len(members) < 2:
            raise ValueError("fusion needs at least two systems")
        self.members = list(members)
        self.name = "+".join(m.name for m in self.members)
        self.rrf_k = rrf_k
        self.depth = depth

    @property
    def usage(self) -> dict[str, Any]:
        """Members' usage by member name (only members that report any)."""
        return {m.name: dict(m.usage) for m in self.members if getattr(m, "usage", None)}

    @property
    def settings(self) -> dict[str, Any]:
        """Fusion parameters and each member's settings."""
        return {"fusion": "rrf", "rrf_k": self.rrf_k, "depth": self.depth,
                "members": {m.name: getattr(m, "settings", {}) for m in self.members}}

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run:
        """Fused top-``k`` per query (see :func:`rrf`)."""
        depth = min(max(self.depth, k), len(corpus))
        return rrf([m.search(queries, corpus, depth) for m in self.members], k, rrf_k=self.rrf_k)
