"""Score ties at rank 1: how often the tie rule, not the model, decided exec@1.

execir ranks by score descending, then snippet id ascending (:mod:`execir.ranking`). When the
rank-1 score is shared by a passing and a failing snippet, the id order picks the winner. Lexical
scorers tie often: a mutant that changes ``<`` to ``<=`` leaves BM25's bag of tokens, and so the
score, unchanged. A model's exec@1 then partly measures snippet ids.

For every query the **top group** is the set of snippets whose score equals the rank-1 score.
Per system this module reports:

* ``tied``: share of queries whose top group has more than one snippet;
* ``decided_by_tie_rule``: share whose top group holds both a passing and a failing snippet;
* ``tie_aware_exec@1``: the mean over queries of (passing snippets in the top group) / (top group
  size), which is exec@1's expected value when ties are broken uniformly at random (the
  tie-aware measures of McSherry & Najork, ECIR 2008), with a query-bootstrap CI.

A query whose top group runs past the execution-labelled depth cannot be scored tie-aware; it is
left out and counted in ``unlabelled_groups``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from execir.evaluation.stats import bootstrap_means, mean_included, percentile_ci


def top_groups(ev, system: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per query of ``ev``: top-group size, passing snippets in it, and whether it is labelled.

    Returns three ``(n_queries,)`` arrays (int64, int64, bool). An empty ranking gives size 0.
    The group's labels come from ``ev.judged[system].passed``, whose columns follow the run's
    rank order; a group longer than the labelled depth is flagged unlabelled (passing = 0).
    """
    judged = ev.judged[system]
    run = ev.runs[system]
    n_q = len(ev.index.query_ids)
    size = np.zeros(n_q, dtype=np.int64)
    passing = np.zeros(n_q, dtype=np.int64)
    labelled = np.ones(n_q, dtype=bool)
    for i, qid in enumerate(ev.index.query_ids):
        ranked = run.get(qid, ())
        if not ranked:
            continue
        top = ranked[0][1]
        g = 1
        while g < len(ranked) and ranked[g][1] == top:
            g += 1
        size[i] = g
        if g > judged.label_depth:
            labelled[i] = False
            continue
        passing[i] = int(judged.passed[i, :g].sum())
    return size, passing, labelled


def top_ties(ev, system: str, counts: np.ndarray, level: float) -> dict[str, Any]:
    """Tie statistics at rank 1 for one system (see module docstring).

    ``counts``: the ``(replicates, n_queries)`` bootstrap draw shared with the leaderboard, so
    the CI is comparable with exec@1's. Returns a JSON-ready dict.
    """
    size, passing, labelled = top_groups(ev, system)
    n_q = len(size)
    filled = size > 0
    values = np.full(n_q, np.nan)
    ok = filled & labelled
    values[ok] = passing[ok] / size[ok]
    values[~filled] = 0.0  # an empty ranking retrieves nothing that passes
    reps = bootstrap_means(values, counts)
    lo, hi = percentile_ci(reps, level)
    decided = filled & labelled & (passing > 0) & (passing < size)
    value = mean_included(values)
    return {
        "tied": float((size > 1).mean()) if n_q else None,
        "decided_by_tie_rule": float(decided.mean()) if n_q else None,
        "unlabelled_groups": int((filled & ~labelled).sum()),
        "tie_aware_exec@1": {"value": None if value != value else value,
                             "ci_low": float(lo[0]) if lo[0] == lo[0] else None,
                             "ci_high": float(hi[0]) if hi[0] == hi[0] else None,
                             "n": int((~np.isnan(values)).sum())},
    }
