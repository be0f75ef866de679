"""Bi-encoder rescoring: re-order a first stage's top-k by a second retrieval system's scores.

``minilm>rescore:bm25`` (or ``rescore:<model folder>``, ``rescore:e5-small``...) builds the second
system with :func:`execir.retrieval.make_retriever` and lets it score each query against the
union of all queries' candidates (one search, so a dense model encodes every candidate once and
its embedding cache applies); each query keeps its own candidates with the second system's scores,
ordered by :func:`execir.ranking.rank`.  Corpus-statistics scores (BM25) are computed over that
union, not the whole corpus.
"""

from __future__ import annotations

from typing import Any, Mapping

from execir.errors import UsageError
from execir.retrieval.protocols import Retriever
from execir.ranking import rank
from execir.retrieval.factory import make_retriever
from execir.records import Run


class RescoreReranker:
    """A :class:`~execir.retrieval.protocols.Reranker` that scores candidates with ``scorer``.

    Args:
        scorer: any retriever (its ``search`` scores the candidates).
        name: the reranker's name (``rescore:<system>``).
    """

    def __init__(self, scorer: Retriever, name: str):
        self.scorer = scorer
        self.name = name

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
               k: int) -> Run:
        """The top ``k`` of each query of ``run``, scored by the second system; a candidate the
        scorer did not return (cannot happen for exact dense or BM25 scoring) is placed below the
        scored ones in the first stage's order."""
        tops = {qid: [sid for sid, _ in run[qid][:k]] for qid in run}
        union = {sid: corpus[sid] for ids in tops.values() for sid in ids}
        if not union:
            return {qid: [] for qid in run}
        scored = self.scorer.search({qid: queries[qid] for qid in run}, union, len(union))
        out: Run = {}
        for qid, ids in tops.items():
            got = dict(scored.get(qid, []))
            floor = min((got[s] for s in ids if s in got), default=0.0)
            missing = [s for s in ids if s not in got]
            scores = {s: got[s] for s in ids if s in got}
            scores.update({s: floor - 1.0 - i for i, s in enumerate(missing)})
            out[qid] = rank(scores)
        return out


def from_name(arg: str | None, context: Any) -> RescoreReranker:
    """``rescore:<system>`` for the rerank registry (``context``: device, embedding cache).

    Raises:
        UsageError: no system given, a system that itself reranks, or one that cannot be built.
    """
    if not arg:
        raise UsageError("rescore needs a second system, e.g. minilm>rescore:bm25")
    if ">" in arg:
        raise UsageError(f"rescore:{arg}: the second system cannot rerank itself")
    scorer = make_retriever(arg, device=context.device, cache_dir=context.cache_dir,
                            quiet=context.quiet)
    return RescoreReranker(scorer, f"rescore:{arg}")
