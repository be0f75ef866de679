"""Runs turned into judged arrays: one row per query, one column per rank.

Every metric of :mod:`execir.evaluation.metrics` reads the arrays built here, so all of them see
the same ranking.  That ranking is the one of :func:`execir.ranking.rank` (score descending, then
snippet id ascending): :func:`ranked_run` checks each query's list with a vectorised test and
re-ranks, through :func:`execir.ranking.rank`, only the lists that are not already in that order.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Mapping, Protocol, Sequence

import numpy as np

from execir.errors import UsageError
from execir.ranking import rank
from execir.records import KIND_CANONICAL, KIND_DISTRACTOR, REL_CANONICAL, REL_HARD_NEGATIVE, Benchmark, Run


class LabelLike(Protocol):
    """Anything with ``passed`` (bool) and ``outcomes`` (per-test strings), e.g. a SuiteResult."""

    @property
    def passed(self) -> bool: ...  # pragma: no cover - protocol

    outcomes: tuple[str, ...]


#: labels[(query_id, snippet_id)] = execution label of that snippet under the query's oracle.
Labels = Mapping[tuple[str, str], LabelLike]


_first = itemgetter(0)
_second = itemgetter(1)


def _pair_table(pairs: Sequence[tuple[int, int, int]], n_docs: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted int64 keys ``q * n_docs + doc`` and their values, for vectorised look-ups."""
    if not pairs:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    arr = np.array(pairs, dtype=np.int64)
    keys = arr[:, 0] * n_docs + arr[:, 1]
    order = np.argsort(keys, kind="stable")
    return keys[order], arr[order, 2]


def _lookup(keys: np.ndarray, values: np.ndarray, query: np.ndarray, default: int = 0) -> np.ndarray:
    """``values`` at ``query`` keys (``default`` where a key is absent)."""
    if keys.size == 0:
        return np.full(query.shape, default, dtype=np.int64)
    idx = np.searchsorted(keys, query)
    idx = np.minimum(idx, keys.size - 1)
    found = keys[idx] == query
    return np.where(found, values[idx], default)


def _own_level2(benchmark: Benchmark, qrels: Mapping[str, int], task_id: str, query_tasks: set[str]) -> set[str]:
    """A query's level-2 items less those of another of the benchmark's query tasks (a snippet of
    another task that passes this query's tests, added at level 2 by the cross-task sweep, is no
    canonical of it); an item of a task no query has, or not in the corpus, is kept."""
    def other(sid: str) -> bool:
        snip = benchmark.corpus.get(sid)
        return snip is not None and snip.task_id != task_id and snip.task_id in query_tasks
    return {s for s, r in qrels.items() if r >= REL_CANONICAL and not other(s)}


@dataclass(frozen=True)
class BenchmarkIndex:
    """Per-query facts the metrics need, in the benchmark's query order.

    Attributes:
        query_ids: query ids in file order.
        qrels: per query, ``snippet_id -> relevance level`` (empty dict when the query has none).
        canonical: per query, ids of its canonical snippet(s) (kind ``canonical``, same task;
            the qrels' level-2 items of the same task when the task has no snippet of kind
            ``canonical``, as in an exported folder, whose corpus carries no label).
        paired: per query, ids of its own distractors (kind ``distractor``, same task; the
            qrels' level-1 items when the task has none).
        doc_ids: snippet ids in ascending order; a snippet's position here is its integer id, so
            ascending integer ids are the ranking's tie rule.
        doc_pos: snippet id -> position in ``doc_ids``.
    """

    query_ids: tuple[str, ...]
    qrels: tuple[Mapping[str, int], ...]
    canonical: tuple[frozenset[str], ...]
    paired: tuple[frozenset[str], ...]
    doc_ids: tuple[str, ...]
    doc_pos: Mapping[str, int]
    rel_table: tuple[np.ndarray, np.ndarray]
    role_table: tuple[np.ndarray, np.ndarray]

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
        query_tasks = {q.task_id for q in benchmark.queries.values()}
        doc_ids = tuple(sorted(benchmark.corpus))
        doc_pos = {sid: i for i, sid in enumerate(doc_ids)}
        n_docs = max(len(doc_ids), 1)
        canonical, paired, rel_pairs, role_pairs = [], [], [], []
        for qi, qid in enumerate(qids):
            task_id = benchmark.queries[qid].task_id
            qr = benchmark.qrels.get(qid, {})
            canon = by_task_canonical.get(task_id, set())
            if not canon:  # fall back to the qrels' level-2 items of the query's own task
                canon = _own_level2(benchmark, qr, task_id, query_tasks)
            pair = by_task_paired.get(task_id, set())
            if not pair:
                pair = {s for s, r in qr.items() if r == REL_HARD_NEGATIVE}
            canonical.append(frozenset(canon))
            paired.append(frozenset(pair))
            rel_pairs += [(qi, doc_pos[s], lvl) for s, lvl in qr.items() if s in doc_pos and lvl]
            role_pairs += [(qi, doc_pos[s], 1) for s in canon if s in doc_pos]
            role_pairs += [(qi, doc_pos[s], 2) for s in pair if s in doc_pos]
        return cls(
            query_ids=qids,
            qrels=tuple(dict(benchmark.qrels.get(q, {})) for q in qids),
            canonical=tuple(canonical),
            paired=tuple(paired),
            doc_ids=doc_ids,
            doc_pos=doc_pos,
            rel_table=_pair_table(rel_pairs, n_docs),
            role_table=_pair_table(role_pairs, n_docs),
        )


@dataclass(frozen=True)
class RankedRun:
    """A validated run in the package's rank order, with its snippets as integer positions.

    Attributes:
        run: query_id -> ranked ``(snippet_id, score)`` list (as given, or re-ranked).
        pos: ``(n_queries, depth)`` positions in :attr:`BenchmarkIndex.doc_ids`, ``-1`` = empty.
    """

    run: Run
    pos: np.ndarray


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
        pos: snippet positions in :attr:`BenchmarkIndex.doc_ids` (``-1`` = empty).
    """

    system: str
    filled: np.ndarray
    rel: np.ndarray
    canonical: np.ndarray
    paired: np.ndarray
    passed: np.ndarray
    label_depth: int
    pos: np.ndarray


def ranked_run(run: Run, index: BenchmarkIndex, *, system: str, depth: int) -> RankedRun:
    """Validate a run and put it in the package's rank order.

    Lists already in :func:`execir.ranking.rank` order are kept as they are (checked with one
    vectorised test over the whole run); the others are re-ranked with :func:`execir.ranking.rank`.

    Args:
        run: query_id -> ``(snippet_id, score)`` list.
        index: the benchmark index.
        system: name used in error messages.
        depth: number of rank columns of the returned position matrix.

    Raises:
        UsageError: a query is not in the benchmark, a snippet id is not in the corpus, a snippet
            appears twice in one list, or a score is NaN.
    """
    qpos = {q: i for i, q in enumerate(index.query_ids)}
    order = index.doc_pos
    for qid in run:
        if qid not in qpos:
            raise UsageError(f"run '{system}': query '{qid}' is not in the benchmark")
    qids = list(run)
    lengths = np.array([len(run[q]) for q in qids], dtype=np.int64)
    total = int(lengths.sum())
    try:
        items = chain.from_iterable(map(run.__getitem__, qids))
        pos = np.fromiter(map(order.__getitem__, map(_first, items)), dtype=np.int64, count=total)
    except KeyError as exc:
        bad = exc.args[0]
        qid = next(q for q in qids if any(sid == bad for sid, _ in run[q]))
        raise UsageError(f"run '{system}': query '{qid}': snippet '{bad}' is not in the corpus") from None
    items = chain.from_iterable(map(run.__getitem__, qids))
    scores = np.fromiter(map(_second, items), dtype=np.float64, count=total)
    seg = np.repeat(np.arange(len(qids)), lengths)
    if np.isnan(scores).any():
        raise UsageError(f"run '{system}': query '{qids[int(seg[np.isnan(scores)][0])]}': a score is NaN")
    if total:
        pair_keys = np.sort(seg * max(len(index.doc_ids), 1) + pos)
        dup = pair_keys[1:] == pair_keys[:-1]
        if dup.any():
            first = int(pair_keys[1:][dup][0]) // max(len(index.doc_ids), 1)
            raise UsageError(f"run '{system}': query '{qids[first]}': a snippet is listed twice")
    same = seg[1:] == seg[:-1]
    good = (scores[:-1] > scores[1:]) | ((scores[:-1] == scores[1:]) & (pos[:-1] < pos[1:]))
    bad_q = set(np.unique(seg[1:][same & ~good]).tolist())
    out: Run = dict(run)
    mat = np.full((len(index.query_ids), depth), -1, dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(lengths)])
    rank_in_q = np.arange(total) - starts[seg]
    rows = np.array([qpos[q] for q in qids], dtype=np.int64)
    keep = rank_in_q < depth
    mat[rows[seg[keep]], rank_in_q[keep]] = pos[keep]
    for j in sorted(bad_q):
        qid = qids[j]
        items = rank(run[qid])
        out[qid] = items
        p = np.array([order[sid] for sid, _ in items[:depth]], dtype=np.int64)
        mat[rows[j], :] = -1
        mat[rows[j], : len(p)] = p
    return RankedRun(run=out, pos=mat)


@dataclass(frozen=True)
class LabelTable:
    """Execution labels as a vectorised look-up table over ``query * n_docs + doc`` keys.

    Attributes:
        keys: sorted int64 keys of the labelled pairs.
        passed: 1 where the pair passes, else 0.
    """

    keys: np.ndarray
    passed: np.ndarray

    @classmethod
    def build(cls, index: BenchmarkIndex, labels: Labels, pairs: Sequence[tuple[str, str]]) -> "LabelTable":
        """Table for ``pairs`` (each must have a label; raises KeyError naming the first missing)."""
        n_docs = max(len(index.doc_ids), 1)
        qpos = {q: i for i, q in enumerate(index.query_ids)}
        keys = np.array([qpos[q] * n_docs + index.doc_pos[s] for q, s in pairs], dtype=np.int64)
        return cls.from_keys(keys, [labels[p] for p in pairs])

    @classmethod
    def from_keys(cls, keys: np.ndarray, labels: Sequence[LabelLike]) -> "LabelTable":
        """Table from int keys (see :func:`label_keys`) and the label of each key, in key order."""
        passed = np.array([1 if lab.passed else 0 for lab in labels], dtype=np.int64)
        order = np.argsort(keys, kind="stable")
        return cls(keys=np.asarray(keys, dtype=np.int64)[order], passed=passed[order])


def judge_run(system: str, ranked: RankedRun, index: BenchmarkIndex, labels: LabelTable, *,
              label_depth: int) -> JudgedRun:
    """Build the judged arrays of one ranked run (vectorised look-ups of qrels, roles and labels).

    Args:
        system: system name.
        ranked: the run from :func:`ranked_run`.
        index: the benchmark index.
        labels: execution labels covering every ``(query, snippet)`` in the first
            ``label_depth`` positions.
        label_depth: number of leading columns that carry execution labels.

    Raises:
        KeyError: a label needed for the first ``label_depth`` positions is missing.
    """
    pos = ranked.pos
    n_q, depth = pos.shape
    n_docs = max(len(index.doc_ids), 1)
    filled = pos >= 0
    keys = np.arange(n_q, dtype=np.int64)[:, None] * n_docs + np.where(filled, pos, 0)
    rel = np.where(filled, _lookup(*index.rel_table, keys), 0)
    role = np.where(filled, _lookup(*index.role_table, keys), 0)
    passed = np.zeros((n_q, depth), dtype=bool)
    m = min(label_depth, depth)
    top = keys[:, :m]
    got = _lookup(labels.keys, labels.passed, top, default=-1)
    gap = (got < 0) & filled[:, :m]
    if gap.any():
        i, r = np.argwhere(gap)[0]
        raise KeyError((index.query_ids[i], index.doc_ids[pos[i, r]]))
    passed[:, :m] = (got == 1) & filled[:, :m]
    return JudgedRun(system=system, filled=filled, rel=rel, canonical=role == 1, paired=role == 2,
                     passed=passed, label_depth=label_depth, pos=pos)


def label_keys(ranked: Mapping[str, RankedRun], index: BenchmarkIndex, label_depth: int) -> np.ndarray:
    """Sorted unique int keys ``query * n_docs + doc`` of the pairs in the first ``label_depth``
    ranks of any run."""
    n_docs = max(len(index.doc_ids), 1)
    chunks = [np.zeros(0, dtype=np.int64)]
    for rr in ranked.values():
        p = rr.pos[:, :label_depth]
        q = np.broadcast_to(np.arange(p.shape[0])[:, None], p.shape)
        ok = p >= 0
        chunks.append(q[ok] * n_docs + p[ok])
    return np.unique(np.concatenate(chunks))


def key_pairs(keys: np.ndarray, index: BenchmarkIndex) -> list[tuple[str, str]]:
    """``(query_id, snippet_id)`` of each int key, in key order."""
    n_docs = max(len(index.doc_ids), 1)
    q_ids, d_ids = index.query_ids, index.doc_ids
    return [(q_ids[q], d_ids[d]) for q, d in zip((keys // n_docs).tolist(), (keys % n_docs).tolist())]

