"""CoREB's view of an evaluation (§4.1, appendices A.6, B.4, B.9): the tables of a benchmark whose
queries carry CoREB's groups (task, subtask, variant, language), per group.  Scoring itself is
:func:`execir.evaluation.evaluate.score_runs`, the one path of every kind of benchmark.

Protocol
--------
* Graded qrels at relevance level 2: Recall, MAP, P and MRR count only level >= 2 as relevant;
  nDCG takes level >= 2 as gain and gives hard negatives (level 1) gain 0 -- they only cost the
  rank they occupy (CoREB A.6; what the reference evaluator computes, see
  ``benchmarks/compat_coreb.py``).  Metrics come from :mod:`execir.evaluation.metrics`.
* CoREB's metric set: nDCG@{1,3,5,10}, MAP@{10,100}, Recall@{1,3,5,10,100}, MRR@10,
  P@{1,3,5,10}; plus exec@{1,3,5,10} for the code-ranking tasks (t2c, c2c): a program in the top
  k passes the query's problem's tests (``meta.passed`` of a solution of the same problem, in any
  language); plus the hard-negative intrusion indicator at 10 (CoREB Figure 7) and the share of the
  top 10 that are hard negatives (:mod:`execir.evaluation.metrics.hn_share`).
* c2c: the anchor (the query's own program) is removed from the ranked list before any metric
  (CoREB B.9).
* Queries without a level-2 item (c2t ``match`` negative pairs): ``match_negatives="keep"``
  scores them 0 on every ranking metric (CoREB A.6 and the reference evaluator; the default);
  ``"exclude"`` leaves them out of every mean (CoREB A.3).  The leaderboard names the choice.
* Averages: per group of queries (overall, task, subtask, variant, task x language) the mean over
  its queries -- so "overall" is weighted by query count, as CoREB's table 3 -- with a percentile
  bootstrap CI over the group's queries and paired tests between systems
  (:mod:`execir.evaluation.stats`).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from execir.evaluation.evaluate import MATCH_CHOICES, MATCH_EXCLUDE, MATCH_KEEP, Evaluation  # noqa: F401
from execir.evaluation.reference import probe_references
from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts, bootstrap_means,
                                     mean_included, paired_tests, percentile_ci)
from execir.retrieval.spec import is_probe
from execir.records import Benchmark

#: CoREB's reported metric set (appendix A.6), in report order.
COREB_KEYS: tuple[str, ...] = (
    "ndcg@1", "ndcg@3", "ndcg@5", "ndcg@10", "map@10", "map@100", "recall@1", "recall@3", "recall@5",
    "recall@10", "recall@100", "mrr@10", "precision@1", "precision@3", "precision@5", "precision@10")
EXEC_KEYS: tuple[str, ...] = ("exec@1", "exec@3", "exec@5", "exec@10")
HN_KEYS: tuple[str, ...] = ("hn_intrusion@10", "hn_share@10")
KEYS: tuple[str, ...] = COREB_KEYS + EXEC_KEYS + HN_KEYS
BINARY_KEYS = frozenset(EXEC_KEYS + ("hn_intrusion@10",))
EXEC_KS = (1, 3, 5, 10)
IR_KS = (1, 3, 5, 10, 100)
DEPTH = max(IR_KS)
LEADERBOARD_FORMAT = "execir-multitask-leaderboard/1"
#: the group families of the breakdown, in report order.
FAMILIES = ("overall", "task", "variant", "subtask", "task_language")


def query_groups(bench: Benchmark, query_ids: Sequence[str]) -> dict[str, dict[str, np.ndarray]]:
    """family -> group name -> ``(n_queries,)`` bool mask, for the families of :data:`FAMILIES`:
    ``overall/all``, ``task/t2c``, ``variant/t2c_search``, ``subtask/t2c_search_python``,
    ``task_language/t2c/python`` (c2c by anchor language).  Groups are sorted by name."""
    qs = [bench.queries[q] for q in query_ids]
    labels = {
        "overall": ["all"] * len(qs),
        "task": [q.direction for q in qs],
        "variant": [f"{q.direction}_{q.variant}" for q in qs],
        "subtask": [q.subtask for q in qs],
        "task_language": [f"{q.direction}/{q.slice_language}" for q in qs],
    }
    out: dict[str, dict[str, np.ndarray]] = {}
    for family in FAMILIES:
        names = np.array(labels[family], dtype=object)
        out[family] = {g: names == g for g in sorted(set(labels[family]))}
    return out


def _num(x: float) -> float | None:
    return None if x != x else round(float(x), 12)


def _group_table(block: np.ndarray, order: Sequence[str], *, reps: np.ndarray,
                 level: float) -> dict[str, dict[str, Any]]:
    """system -> key -> ``{value, ci_low, ci_high, n}`` of one group: ``block`` is its
    ``(n_queries, S * K)`` values (systems of ``order`` x :data:`KEYS`), ``reps`` their bootstrap means."""
    lo, hi = percentile_ci(reps, level)
    rows = {}
    for si, s in enumerate(order):
        row = {}
        for ki, key in enumerate(KEYS):
            c = si * len(KEYS) + ki
            col = block[:, c]
            row[key] = {"value": _num(mean_included(col)), "ci_low": _num(lo[c]),
                        "ci_high": _num(hi[c]), "n": int((~np.isnan(col)).sum())}
        rows[s] = row
    return rows


def _group_tests(name: str, block: np.ndarray, order: Sequence[str], *, counts: np.ndarray,
                 reps: np.ndarray, level: float) -> list[dict[str, Any]]:
    """The paired tests of every pair of systems on every key within the group ``name``
    (exact McNemar for :data:`BINARY_KEYS`, paired bootstrap for all)."""
    pair_idx = [(i, j) for i in range(len(order)) for j in range(i + 1, len(order))]
    tests: list[dict[str, Any]] = []
    for ki, key in enumerate(KEYS):
        if not pair_idx:
            break
        cols = [si * len(KEYS) + ki for si in range(len(order))]
        results = paired_tests(block[:, cols], reps[:, cols], pair_idx, counts=counts,
                               binary=key in BINARY_KEYS, level=level)
        for (a, b), t in zip(pair_idx, results):
            tests.append({"group": name, "a": order[a], "b": order[b], "key": key,
                          **{f: (_num(v) if isinstance(v, float) else v) for f, v in t.items()}})
    return tests


def _group_leaderboard(ev: Evaluation, order: Sequence[str], table: dict[str, Any], boot: dict[str, Any],
                       card: Any) -> dict[str, Any]:
    """The leaderboard dict around the per-group ``table`` (rules, anchors, probes, references)."""
    note = ("queries without a relevance-2 item (c2t match negative pairs) score 0 on every ranking metric "
            "(CoREB A.6, the reference evaluator)" if ev.match_negatives == MATCH_KEEP else
            "queries without a relevance-2 item (c2t match negative pairs) are left out of every mean (CoREB A.3)")
    return {
        "format": LEADERBOARD_FORMAT,
        "benchmark": ev.benchmark.name,
        "release_version": ev.benchmark.manifest.get("version"),
        "n_queries": len(ev.query_ids),
        "relevance_level": 2,
        "keys": list(KEYS),
        "primary_metric": "ndcg@10",
        "match_negatives": ev.match_negatives,
        "match_negatives_note": note,
        "no_positive_queries": len(ev.no_positive),
        "c2c_anchor_exclusion": {"queries": len(ev.benchmark.anchors()), "removed_per_system": dict(ev.anchors_removed)},
        "bootstrap": boot,
        "systems": list(order),
        **({"probes": [s for s in order if is_probe(s)]} if any(is_probe(s) for s in order) else {}),
        "groups": table,
        "references": probe_references(card),
    }


def group_tables(ev: Evaluation, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES,
                 level: float = DEFAULT_LEVEL, card: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Leaderboard and pairwise tests of ``ev`` (JSON-ready dicts).

    The leaderboard holds, for every group of :func:`query_groups`, each system's value of every
    key with a ``level`` percentile bootstrap CI (``replicates`` resamples of the group's queries,
    ``seed``) and the number of queries in the mean.  Systems are ranked by overall nDCG@10 (then
    name).  The pairwise tests compare every pair of systems on every key, overall and per task
    (paired bootstrap; exact McNemar for the binary keys).
    """
    groups = query_groups(ev.benchmark, ev.query_ids)
    values = {s: np.column_stack([ev.per_query[s][k] for k in KEYS]) for s in ev.systems}
    overall = {s: mean_included(ev.per_query[s]["ndcg@10"]) for s in ev.systems}
    # probes (x>medoid) after the methods: they measure the benchmark (execir.retrieval.spec.is_probe)
    order = sorted(ev.systems, key=lambda s: (is_probe(s), -(overall[s] if overall[s] == overall[s] else -1.0), s))
    table: dict[str, dict[str, Any]] = {}
    tests: list[dict[str, Any]] = []
    for family in FAMILIES:
        table[family] = {}
        for name, mask in groups[family].items():
            idx = np.flatnonzero(mask)
            counts = bootstrap_counts(len(idx), replicates, seed)
            block = np.column_stack([values[s][idx] for s in order])  # (n, S * K)
            reps = bootstrap_means(block, counts)
            table[family][name] = {"n_queries": int(len(idx)),
                                   "systems": _group_table(block, order, reps=reps, level=level)}
            if family in ("overall", "task"):
                tests += _group_tests(name, block, order, counts=counts, reps=reps, level=level)
    boot = {"replicates": replicates, "seed": seed, "level": level, "method": "percentile", "unit": "query"}
    pairwise = {"bootstrap": boot, "systems": order, "groups": ["all"] + sorted(groups["task"]),
                "tests": {"binary": "exact McNemar + paired bootstrap", "continuous": "paired bootstrap"},
                "comparisons": tests}
    return _group_leaderboard(ev, order, table, boot, card), pairwise
