"""The (query, candidate) pairs a pointwise reranker scores, and the run it returns.

A pointwise reranker (cross-encoder, LLM yes/no) scores every query's top ``k`` candidates of a
first-stage run independently; :func:`candidate_pairs` lists those pairs in a fixed order
(queries in run order, candidates in rank order) and :func:`ranked_from_scores` puts the scores
back into a :data:`~execir.records.Run` ordered by :func:`execir.ranking.rank` (score descending,
then snippet id ascending).  Only query text and candidate code are read: a reranker never sees
the oracle's tests.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from execir.errors import UsageError
from execir.ranking import rank
from execir.records import Run


def candidate_pairs(queries: Mapping[str, str], corpus: Mapping[str, str], run: Run, k: int
                    ) -> list[tuple[str, str]]:
    """``(query_id, snippet_id)`` for the top ``k`` of every query of ``run``, in run order.

    Raises:
        UsageError: ``k`` < 1, or the run names a query missing from ``queries`` or a snippet
            missing from ``corpus``.
    """
    if k < 1:
        raise UsageError(f"rerank depth must be at least 1, got {k}")
    pairs: list[tuple[str, str]] = []
    for qid, ranked in run.items():
        if qid not in queries:
            raise UsageError(f"the run names query {qid!r}, which is not among the queries")
        for sid, _score in ranked[:k]:
            if sid not in corpus:
                raise UsageError(f"the run of query {qid!r} names snippet {sid!r}, "
                                 "which is not in the corpus")
            pairs.append((qid, sid))
    return pairs


def ranked_from_scores(run: Run, pairs: Sequence[tuple[str, str]], scores: Sequence[float]
                       ) -> Run:
    """The reranked run: every query of ``run`` (empty lists kept) with its scored pairs in the
    order of :func:`execir.ranking.rank`.

    Args:
        run: the first-stage run (gives the queries and their order).
        pairs: ``(query_id, snippet_id)`` as from :func:`candidate_pairs`.
        scores: one float per pair (higher = more relevant).

    Raises:
        ValueError: ``len(scores) != len(pairs)``, or a score is NaN.
    """
    if len(scores) != len(pairs):
        raise ValueError(f"{len(scores)} scores for {len(pairs)} pairs")
    per_query: dict[str, list[tuple[str, float]]] = {qid: [] for qid in run}
    for (qid, sid), score in zip(pairs, scores):
        per_query[qid].append((sid, float(score)))
    return {qid: rank(items) for qid, items in per_query.items()}
