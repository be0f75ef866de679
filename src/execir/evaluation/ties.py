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

Every query is scored, so no query is left out (leaving out the large tie groups, e.g. a BM25
query whose terms match nothing, would bias the mean upwards). Snippets of a top group that lie
past the execution-labelled depth count as passing when the qrels mark them relevant (level 2:
the query's canonical, or a snippet the build's cross-task sweep saw pass) and as failing
otherwise; ``estimated_groups`` counts the queries where that was needed. The group is the run as
returned: a tie that continues past the run's depth is cut where the run ends.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from execir.evaluation.stats import bootstrap_means, mean_included, percentile_ci


def top_groups(ev, system: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per query of ``ev``: top-group size, passing snippets in it, and whether labels sufficed.

    Returns three ``(n_queries,)`` arrays (int64, float64, bool). An empty ranking gives size 0.
    Labels come from ``ev.judged[system].passed``, whose columns follow the run's rank order;
    members past the labelled depth are counted from the qrels (level >= 2 passes) and the query
    is flagged (``False`` in the third array).
    """
    judged = ev.judged[system]
    run = ev.runs[system]
    n_q = len(ev.index.query_ids)
    size = np.zeros(n_q, dtype=np.int64)
    passing = np.zeros(n_q, dtype=np.float64)
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
        known = min(g, judged.label_depth)
        passing[i] = float(judged.passed[i, :known].sum())
        if g > known:
            labelled[i] = False
            qrels = ev.index.qrels[i]
            passing[i] += sum(1 for sid, _ in ranked[known:g] if qrels.get(sid, 0) >= 2)
    return size, passing, labelled


def top_ties(ev, system: str, counts: np.ndarray, level: float) -> dict[str, Any]:
    """Tie statistics at rank 1 for one system (see module docstring).

    ``counts``: the ``(replicates, n_queries)`` bootstrap draw shared with the leaderboard, so
    the CI is comparable with exec@1's. Returns a JSON-ready dict.
    """
    size, passing, labelled = top_groups(ev, system)
    n_q = len(size)
    filled = size > 0
    values = np.zeros(n_q)  # an empty ranking retrieves nothing that passes
    values[filled] = passing[filled] / size[filled]
    reps = bootstrap_means(values, counts)
    lo, hi = percentile_ci(reps, level)
    decided = filled & (passing > 0) & (passing < size)
    value = mean_included(values)
    return {
        "tied": float((size > 1).mean()) if n_q else None,
        "decided_by_tie_rule": float(decided.mean()) if n_q else None,
        "estimated_groups": int((filled & ~labelled).sum()),
        "tie_aware_exec@1": {"value": None if value != value else value,
                             "ci_low": float(lo[0]) if lo[0] == lo[0] else None,
                             "ci_high": float(hi[0]) if hi[0] == hi[0] else None,
                             "n": int((~np.isnan(values)).sum())},
    }


#: a system's exec@1 gets its random-tie value beside it when the tie rule decided at least this
#: share of its queries (the note below the table is printed from 1%)
TIE_SHOWN = 0.02


def tie_value(row: Any) -> float | None:
    """``row``'s exec@1 with rank-1 ties broken at random, when the tie rule decided at least
    :data:`TIE_SHOWN` of its queries; else None."""
    ties = row.get("top_ties") or {}
    aware = (ties.get("tie_aware_exec@1") or {}).get("value")
    return aware if (ties.get("decided_by_tie_rule") or 0) >= TIE_SHOWN and aware is not None else None


def tie_lines(board: Any) -> list[str]:
    """One note per system whose rank-1 score ties between passing and failing snippets were
    broken by snippet id on at least 1% of queries."""
    lines = []
    for row in board["systems"]:
        ties = row.get("top_ties") or {}
        aware = ties.get("tie_aware_exec@1") or {}
        if (ties.get("decided_by_tie_rule") or 0) >= 0.01 and aware.get("value") is not None:
            lines.append(f"note: {row['system']}: a score tie at rank 1 between passing and failing "
                         f"snippets was broken by snippet id on {ties['decided_by_tie_rule']:.1%} of "
                         f"queries; exec@1 with ties broken at random: {aware['value']:.3f} "
                         f"[{aware['ci_low']:.3f}, {aware['ci_high']:.3f}]")
    return lines
