"""Runs turned into judged arrays: one row per query, one column per rank.

Every metric of :mod:`execir.evaluation.metrics` reads the arrays built here, so all of them see
the same ranking.  That ranking is the one of :func:`execir.ranking.rank` (score descending, then
snippet id ascending): :func:`ranked_run` checks each query's list with a vectorised test and
re-ranks, through :func:`execir.ranking.rank`, only the lists that are not already in that order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Protocol, Sequence

import numpy as np

from execir.io import UsageError
from execir.ranking import rank
from execir.schema import KIND_CANONICAL, KIND_DISTRACTOR, REL_CANONICAL, REL_HARD_NEGATIVE, Benchmark, Run


class LabelLike(Protocol):
    """Anything with ``passed`` (bool) and ``outcomes`` (per-test strings), e.g. a SuiteResult."""

    @property
    def passed(self) -> bool: ...  # pragma: no cover - protocol

    outcomes: tuple[str, ...]


#: labels[(query_id, snippet_id)] = execution label of that snippet under the query's oracle.
Labels = Mapping[tuple[str, str], LabelLike]


@dataclass(frozen=True)
class BenchmarkIndex:
    """Per-query facts the metrics need, in the benchmark's query order.

    Attributes:
        query_ids: query ids in file order.
        qrels: per query, ``snippet_id -> relevance level`` (empty dict when the query has none).
        canonical: per query, ids of its canonical snippet(s) (kind ``canonical``, same task).
        paired: per query, ids of its own distractors (kind ``distractor``, same task).
        id_order: snippet id -> position in ascending id order (the ranking tie rule).
    """

    query_ids: tuple[str, ...]
    qrels: tuple[Mapping[str, int], ...]
    canonical: tuple[frozenset[str], ...]
    paired: tuple[frozenset[str], ...]
    id_order: Mapping[str, int]

    @classmethod
    def from_benchmark(cls, benchmark: Benchmark) -> "BenchmarkIndex":
        by_task_canonical: dict[str, set[str]] = {}
        by_task_paired: dict[str, set[str]] = {}
        for sid, snip in benchmark.corpus.items():
            if snip.kind == KIND_CANONICAL:
                by_task_canonical.setdefault(snip.task_id, set()).add(sid)
            elif snip.kind == KIND_DISTRACTOR:
                by_task_paired.setdefault(snip.task_id, set()).add(sid)
        qids = tuple(benchmark.queries)
        canonical = []
        paired = []
        for qid in qids:
            task_id = benchmark.queries[qid].task_id
            canon = by_task_canonical.get(task_id, set())
            if not canon:  # fall back to the qrels' level-2 items
                canon = {s for s, r in benchmark.qrels.get(qid, {}).items() if r >= REL_CANONICAL}
            pair = by_task_paired.get(task_id, set())
            if not pair:
                pair = {s for s, r in benchmark.qrels.get(qid, {}).items() if r == REL_HARD_NEGATIVE}
            canonical.append(frozenset(canon))
            paired.append(frozenset(pair))
        return cls(
            query_ids=qids,
            qrels=tuple(dict(benchmark.qrels.get(q, {})) for q in qids),
            canonical=tuple(canonical),
            paired=tuple(paired),
            id_order={sid: i for i, sid in enumerate(sorted(benchmark.corpus))},
        )


@dataclass(frozen=True)
class JudgedRun:
    """One system's run as ``(n_queries, depth)`` arrays (rank ``r`` is column ``r - 1``).

    Attributes:
        system: system name.
        filled: a snippet sits at this rank (runs may be shorter than ``depth``).
        rel: qrels relevance level (0 for unjudged).
        canonical: the snippet is the query's canonical.
        paired: the snippet is one of the query's own distractors.
        passed: the snippet passes every test of the query's oracle (only the first
            ``label_depth`` columns are labelled; later columns are ``False``).
        label_depth: how many columns carry execution labels.
        ids: per query, the ranked snippet ids (top ``depth``).
    """

    system: str
    filled: np.ndarray
    rel: np.ndarray
    canonical: np.ndarray
    paired: np.ndarray
    passed: np.ndarray
    label_depth: int
    ids: tuple[tuple[str, ...], ...]


def ranked_run(run: Run, index: BenchmarkIndex, *, system: str, corpus_ids: Mapping[str, object],
               known_queries: Mapping[str, object]) -> Run:
    """Validate a run and return it in the package's rank order.

    Lists already in :func:`execir.ranking.rank` order are kept as they are (checked with numpy);
    others are re-ranked with :func:`execir.ranking.rank`.

    Raises:
        UsageError: a query is not in the benchmark, a snippet id is not in the corpus, a snippet
            appears twice in one list, or a score is NaN.
    """
    out: Run = {}
    order = index.id_order
    for qid, items in run.items():
        if qid not in known_queries:
            raise UsageError(f"run '{system}': query '{qid}' is not in the benchmark")
        ids = [sid for sid, _ in items]
        try:
            pos = np.fromiter((order[sid] for sid in ids), dtype=np.int64, count=len(ids))
        except KeyError as exc:
            raise UsageError(f"run '{system}': query '{qid}': snippet '{exc.args[0]}' is not in "
                             f"the corpus") from None
        scores = np.fromiter((score for _, score in items), dtype=np.float64, count=len(items))
        if np.isnan(scores).any():
            raise UsageError(f"run '{system}': query '{qid}': a score is NaN")
        if len(np.unique(pos)) != len(pos):
            raise UsageError(f"run '{system}': query '{qid}': a snippet is listed twice")
        if len(items) > 1:
            a, b = scores[:-1], scores[1:]
            in_order = bool(np.all((a > b) | ((a == b) & (pos[:-1] < pos[1:]))))
        else:
            in_order = True
        out[qid] = list(items) if in_order else rank(items)
    return out


def judge_run(system: str, run: Run, index: BenchmarkIndex, labels: Labels, *, depth: int,
              label_depth: int) -> JudgedRun:
    """Build the judged arrays of one (already ranked, validated) run.

    Args:
        system: system name.
        run: query_id -> ranked ``(snippet_id, score)`` list (see :func:`ranked_run`).
        index: the benchmark index.
        labels: execution labels; every ``(query, snippet)`` in a list's first ``label_depth``
            positions must have one.
        depth: number of rank columns (lists are cut, shorter lists padded).
        label_depth: number of leading columns that carry execution labels.

    Raises:
        KeyError: a label needed for the first ``label_depth`` positions is missing.
    """
    n_q = len(index.query_ids)
    filled = np.zeros((n_q, depth), dtype=bool)
    rel = np.zeros((n_q, depth), dtype=np.int64)
    canonical = np.zeros((n_q, depth), dtype=bool)
    paired = np.zeros((n_q, depth), dtype=bool)
    passed = np.zeros((n_q, depth), dtype=bool)
    ids_out: list[tuple[str, ...]] = []
    for i, qid in enumerate(index.query_ids):
        ids = tuple(sid for sid, _ in run.get(qid, ())[:depth])
        ids_out.append(ids)
        n = len(ids)
        if not n:
            continue
        filled[i, :n] = True
        qr = index.qrels[i]
        rel[i, :n] = [qr.get(sid, 0) for sid in ids]
        canon = index.canonical[i]
        pair = index.paired[i]
        canonical[i, :n] = [sid in canon for sid in ids]
        paired[i, :n] = [sid in pair for sid in ids]
        m = min(n, label_depth)
        passed[i, :m] = [bool(labels[(qid, sid)].passed) for sid in ids[:m]]
    return JudgedRun(system=system, filled=filled, rel=rel, canonical=canonical, paired=paired,
                     passed=passed, label_depth=label_depth, ids=tuple(ids_out))


def label_pairs(runs: Mapping[str, Run], query_ids: Sequence[str], label_depth: int
                ) -> list[tuple[str, str]]:
    """Sorted unique ``(query_id, snippet_id)`` pairs in the first ``label_depth`` ranks of any run."""
    pairs: set[tuple[str, str]] = set()
    wanted = set(query_ids)
    for run in runs.values():
        for qid, items in run.items():
            if qid in wanted:
                pairs.update((qid, sid) for sid, _ in items[:label_depth])
    return sorted(pairs)
