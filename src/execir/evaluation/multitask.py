"""Multitask evaluation (CoREB §4.1, appendices A.6, B.4, B.9): score runs on a
:class:`execir.schema.Benchmark` of CoREB queries per task, subtask and language.

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

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from execir.errors import UsageError
from execir.evaluation.judged import BenchmarkIndex, LabelTable, judge_run, ranked_run
from execir.evaluation.metrics import QrelsArrays, per_query_metrics
from execir.evaluation.metrics.hn_share import hn_share_at_k
from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts, bootstrap_means,
                                     mean_included, paired_tests, percentile_ci)
from execir.schema import CODE, KIND_DISTRACTOR, Benchmark, Query, Run, Snippet

MATCH_KEEP = "keep"
MATCH_EXCLUDE = "exclude"
MATCH_CHOICES = (MATCH_KEEP, MATCH_EXCLUDE)
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


@dataclass(frozen=True)
class MultitaskEvaluation:
    """Per-query values of every system on a multitask benchmark.

    Attributes:
        benchmark: the benchmark.
        systems: system names, as given.
        runs: system -> the scored run (c2c anchors removed, in :func:`execir.ranking.rank` order).
        query_ids: query ids in benchmark order (the rows of every array).
        per_query: system -> key of :data:`KEYS` -> ``(n_queries,)`` (NaN = not in that mean).
        match_negatives: ``keep`` or ``exclude``.
        no_positive: ids of the queries without a level-2 item.
        anchors_removed: system -> how many c2c anchors were found in (and removed from) its run.
    """

    benchmark: Benchmark
    systems: tuple[str, ...]
    runs: Mapping[str, Run]
    query_ids: tuple[str, ...]
    per_query: Mapping[str, Mapping[str, np.ndarray]]
    match_negatives: str
    no_positive: tuple[str, ...]
    anchors_removed: Mapping[str, int]


def exclude_anchors(bench: Benchmark, run: Run) -> tuple[Run, int]:
    """``run`` with each c2c query's anchor dropped from its list (CoREB B.9); also returns how
    many lists held their anchor."""
    anchors = bench.anchors()
    out: Run = {}
    removed = 0
    for qid, items in run.items():
        anchor = anchors.get(qid)
        if anchor is None:
            out[qid] = list(items)
            continue
        kept = [(d, s) for d, s in items if d != anchor]
        removed += len(kept) != len(items)
        out[qid] = kept
    return out, removed


def _as_release(bench: Benchmark) -> Benchmark:
    """The benchmark in execir's single-corpus form, so the shared metric code reads it: each
    query is its own task (its level-2 qrels are its positives, level-1 its hard negatives)."""
    queries = {q: Query(q, mq.text, q) for q, mq in bench.queries.items()}
    corpus = {d: Snippet(d, doc.code, "", KIND_DISTRACTOR, doc.language or doc.modality)
              for d, doc in bench.corpus.items()}
    return Benchmark(bench.name, queries, corpus, {q: dict(r) for q, r in bench.qrels.items()}, {})


def _check_run(bench: Benchmark, system: str, run: Run) -> None:
    for qid, items in run.items():
        q = bench.queries.get(qid)
        if q is None:
            raise UsageError(f"run '{system}': query '{qid}' is not in the benchmark")
        seen: set[str] = set()
        for did, score in items:
            if did in seen:
                raise UsageError(f"run '{system}': query '{qid}' ranks '{did}' twice")
            seen.add(did)
            if score != score:
                raise UsageError(f"run '{system}': query '{qid}' gives '{did}' a NaN score")
        for did, _ in items:
            doc = bench.corpus.get(did)
            if doc is not None and doc.modality != q.target:
                raise UsageError(f"run '{system}': query '{qid}' ({q.direction}) ranks '{did}', which is in the "
                                 f"{doc.modality} corpus, not the {q.target} corpus")


def _exec_labels(bench: Benchmark, index: BenchmarkIndex, pos: np.ndarray) -> LabelTable:
    """Pass/fail of every ranked program in the first :data:`EXEC_KS` ranks under its query's
    problem: a solution of the same problem whose ``passed`` is true."""
    n_docs = max(len(index.doc_ids), 1)
    top = pos[:, : max(EXEC_KS)]
    rows, cols = np.nonzero(top >= 0)
    keys = rows.astype(np.int64) * n_docs + top[rows, cols]
    passed = np.zeros(keys.shape, dtype=np.int64)
    for i, (r, c) in enumerate(zip(rows.tolist(), cols.tolist())):
        q = bench.queries[index.query_ids[r]]
        doc = bench.corpus[index.doc_ids[top[r, c]]]
        passed[i] = int(doc.modality == CODE and bool(doc.passed) and doc.task_id == q.task_id)
    order = np.argsort(keys, kind="stable")
    return LabelTable(keys=keys[order], passed=passed[order])


def score_multitask(bench: Benchmark, runs: Mapping[str, Run], *,
                    match_negatives: str = MATCH_KEEP) -> MultitaskEvaluation:
    """Per-query values of :data:`KEYS` for every system (see the module docstring).

    Args:
        bench: the benchmark.
        runs: system -> run (query_id -> ``(doc_id, score)`` list); a query missing from a run
            scores 0; lists are re-ranked with :func:`execir.ranking.rank` when out of order.
        match_negatives: ``keep`` (queries without a positive score 0) or ``exclude``.

    Returns:
        the :class:`MultitaskEvaluation`.

    Raises:
        UsageError: no runs, a bad ``match_negatives``, a run naming an unknown query or document,
            a document of the other corpus, a duplicate or a NaN score.
    """
    if not runs:
        raise UsageError("no systems to evaluate")
    if match_negatives not in MATCH_CHOICES:
        raise UsageError(f"--match-negatives must be one of {list(MATCH_CHOICES)}, got {match_negatives!r}")
    index = BenchmarkIndex.from_benchmark(_as_release(bench))
    qa = QrelsArrays.build(index, DEPTH)
    no_pos = qa.n_relevant == 0
    is_code = np.array([bench.queries[q].target == CODE for q in index.query_ids], dtype=bool)
    per_query: dict[str, dict[str, np.ndarray]] = {}
    scored: dict[str, Run] = {}
    removed: dict[str, int] = {}
    for system, run in runs.items():
        _check_run(bench, system, run)
        clean, removed[system] = exclude_anchors(bench, run)
        rr = ranked_run(clean, index, system=system, depth=DEPTH)
        judged = judge_run(system, rr, index, _exec_labels(bench, index, rr.pos), label_depth=max(EXEC_KS))
        values = per_query_metrics(judged, qa, EXEC_KS, IR_KS)
        out = {key: values[key].astype(np.float64, copy=True) for key in COREB_KEYS + EXEC_KEYS}
        out["hn_intrusion@10"] = values["hn_intrusion@10"].astype(np.float64, copy=True)
        out["hn_share@10"] = hn_share_at_k(judged.rel, 10)
        for key in EXEC_KEYS:
            out[key][~is_code] = np.nan
        for key in COREB_KEYS:
            out[key][no_pos] = 0.0 if match_negatives == MATCH_KEEP else np.nan
        if match_negatives == MATCH_EXCLUDE:
            for key in EXEC_KEYS + HN_KEYS:
                out[key][no_pos] = np.nan
        per_query[system] = out
        scored[system] = rr.run
    return MultitaskEvaluation(
        benchmark=bench, systems=tuple(runs), runs=scored, query_ids=index.query_ids, per_query=per_query,
        match_negatives=match_negatives,
        no_positive=tuple(q for q, n in zip(index.query_ids, no_pos.tolist()) if n), anchors_removed=removed)


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


def multitask_tables(ev: MultitaskEvaluation, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES,
                     level: float = DEFAULT_LEVEL) -> tuple[dict[str, Any], dict[str, Any]]:
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
    order = sorted(ev.systems, key=lambda s: (-(overall[s] if overall[s] == overall[s] else -1.0), s))
    table: dict[str, dict[str, Any]] = {}
    tests: list[dict[str, Any]] = []
    pair_idx = [(i, j) for i in range(len(order)) for j in range(i + 1, len(order))]
    for family in FAMILIES:
        table[family] = {}
        for name, mask in groups[family].items():
            idx = np.flatnonzero(mask)
            counts = bootstrap_counts(len(idx), replicates, seed)
            block = np.column_stack([values[s][idx] for s in order])  # (n, S * K)
            reps = bootstrap_means(block, counts)
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
            table[family][name] = {"n_queries": int(len(idx)), "systems": rows}
            if family in ("overall", "task") and pair_idx:
                for ki, key in enumerate(KEYS):
                    cols = [si * len(KEYS) + ki for si in range(len(order))]
                    results = paired_tests(block[:, cols], reps[:, cols], pair_idx, counts=counts,
                                           binary=key in BINARY_KEYS, level=level)
                    for (a, b), t in zip(pair_idx, results):
                        tests.append({"group": name, "a": order[a], "b": order[b], "key": key,
                                      **{f: (_num(v) if isinstance(v, float) else v) for f, v in t.items()}})
    boot = {"replicates": replicates, "seed": seed, "level": level, "method": "percentile", "unit": "query"}
    note = ("queries without a relevance-2 item (c2t match negative pairs) score 0 on every ranking metric "
            "(CoREB A.6, the reference evaluator)" if ev.match_negatives == MATCH_KEEP else
            "queries without a relevance-2 item (c2t match negative pairs) are left out of every mean (CoREB A.3)")
    leaderboard = {
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
        "systems": order,
        "groups": table,
    }
    pairwise = {"bootstrap": boot, "systems": order, "groups": ["all"] + sorted(groups["task"]),
                "tests": {"binary": "exact McNemar + paired bootstrap", "continuous": "paired bootstrap"},
                "comparisons": tests}
    return leaderboard, pairwise
