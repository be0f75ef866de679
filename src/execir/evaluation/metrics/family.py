"""family@1: the share of queries whose rank-1 snippet is of the query's own task (issue 25).

Correct or not: a snippet of the right family (the canonical, a variant or a planted mutant of
the query's task) counts.  No reranker that only re-orders a family can pass it, so it is the
first stage's ceiling for within-family reranking; ``execir train-retriever`` reports it for
``minilm`` and the trained encoder.  Not one of the leaderboard's metric families
(:data:`execir.evaluation.metrics.METRICS`): it reads task ids, not qrels.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from execir.evaluation.stats import bootstrap_counts, bootstrap_means, percentile_ci


def family_at_1(bench: Any, run: Mapping[str, list], *, seed: int = 0) -> dict[str, float]:
    """Share of ``bench``'s queries whose rank-1 snippet is of the query's own task (right
    family, correct or not): the ceiling of any within-family reranker.  ``{value, ci_low,
    ci_high}``, 95% percentile bootstrap over queries (``seed``); a query with an empty list
    counts as a miss.

    Raises:
        ValueError: ``bench`` has no query.
    """
    qids = sorted(bench.queries)
    if not qids:
        raise ValueError(f"{bench.name}: no query to score family@1 on")
    hits = np.array([float(bool(run.get(q)) and bench.corpus[run[q][0][0]].task_id
                           == bench.queries[q].task_id) for q in qids])
    low, high = percentile_ci(bootstrap_means(hits, bootstrap_counts(len(hits), seed=seed)))
    return {"value": round(float(hits.mean()), 6), "ci_low": round(float(low[0]), 6),
            "ci_high": round(float(high[0]), 6)}
