"""Training data for a reranker: a problem-disjoint split and mined (query, snippet, label) pairs.

* :func:`split_tasks` puts each task in the training or the held-out split by a seeded hash of
  its id, so a task's query, canonical and mutants all land on one side (problem-level
  disjointness, CoREB §4.3) and the split does not depend on the order or number of tasks.
* :func:`subset` cuts a benchmark down to a set of tasks (queries, corpus, qrels, oracle).
* :func:`mine_examples` builds CoREB's balanced examples (appendix B.3) from a retrieval run on
  the training split: every round, each query's positive appears twice, once beside an *easy*
  negative (a random document of another task in the corpus the query ranks, outside its
  retrieved top) and once beside a *hard* negative (what its qrels judge below level 2 -- its own
  verified mutants -- and the other top-ranked documents that fail its oracle, taken in a seeded
  order that visits every one before repeating).

Every kind of benchmark goes through the same code: an execir release (text-to-code queries, one
code corpus) and a CoREB-format one such as execir-poly (t2c, c2t and c2c queries over a code and
a text corpus, graded qrels, no tests: :func:`task_ids` reads its tasks from its queries).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Iterable, Mapping

from execir.records import REL_CANONICAL, Benchmark, Run

POSITIVE, EASY, HARD = "positive", "easy", "hard"


@dataclass(frozen=True)
class Split:
    """Task ids of the two sides of a split (each sorted).

    Attributes:
        train: tasks whose queries and snippets may be used for training.
        held_out: tasks used only for evaluation.
        seed, held_out_fraction: how the split was drawn.
    """

    train: tuple[str, ...]
    held_out: tuple[str, ...]
    seed: int
    held_out_fraction: float

    def fingerprint(self) -> str:
        """SHA-256 (16 hex digits) of the held-out task ids: names the split in model cards."""
        return hashlib.sha256("\n".join(self.held_out).encode()).hexdigest()[:16]


def _unit(*parts: object) -> float:
    """A uniform number in [0, 1) from the SHA-256 of ``parts`` (stable across runs)."""
    digest = hashlib.sha256("\0".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def task_ids(benchmark: Benchmark) -> list[str]:
    """The tasks a split divides (sorted): the benchmark's tasks with tests, or, for a source
    that carries none (a CoREB-format benchmark: its programs' ``passed`` flags are the labels),
    the tasks its queries name."""
    return sorted(benchmark.tasks) or sorted({q.task_id for q in benchmark.queries.values()})


def split_tasks(task_ids: Iterable[str], *, held_out: float = 0.2, seed: int = 0) -> Split:
    """Problem-disjoint split: task ``t`` is held out when ``u(seed, t) < held_out``, with ``u``
    a SHA-256-derived uniform number.

    Raises:
        ValueError: ``held_out`` outside (0, 1), or a split with an empty side.
    """
    if not 0.0 < held_out < 1.0:
        raise ValueError(f"the held-out fraction must be between 0 and 1, got {held_out}")
    ids = sorted(set(task_ids))
    out = [t for t in ids if _unit("execir-split", seed, t) < held_out]
    train = [t for t in ids if _unit("execir-split", seed, t) >= held_out]
    if not out or not train:
        raise ValueError(f"{len(ids)} tasks split at {held_out} leave one side empty")
    return Split(train=tuple(train), held_out=tuple(out), seed=seed, held_out_fraction=held_out)


def subset(benchmark: Benchmark, task_ids: Iterable[str], *, name: str | None = None
           ) -> Benchmark:
    """``benchmark`` restricted to ``task_ids``: their queries, their snippets, the qrels among
    them and their oracle (manifest kept, so the release's identity and version carry over)."""
    keep = set(task_ids)
    queries = {q: v for q, v in benchmark.queries.items() if v.task_id in keep}
    corpus = {s: v for s, v in benchmark.corpus.items() if v.task_id in keep}
    qrels = {q: {s: lvl for s, lvl in rel.items() if s in corpus}
             for q, rel in benchmark.qrels.items() if q in queries}
    tasks = {t: v for t, v in benchmark.tasks.items() if t in keep}
    return Benchmark(name=name or benchmark.name, queries=queries, corpus=corpus, qrels=qrels,
                     tasks=tasks, manifest=benchmark.manifest)


@dataclass(frozen=True)
class Example:
    """One training pair: ``label`` 1 (positive) or 0 (negative); ``kind`` is
    :data:`POSITIVE`, :data:`EASY` or :data:`HARD`; ``round`` the mining round (epoch)."""

    query_id: str
    snippet_id: str
    label: int
    kind: str
    round: int


def hard_pool(benchmark: Benchmark, query_id: str, ranked: list[str],
              failing: Mapping[tuple[str, str], bool], depth: int) -> list[str]:
    """Hard negatives of a query, in retrieval order (then id): every document its qrels judge
    below level 2 and every other document of the top ``depth`` whose label in ``failing`` is
    True (verified to fail the query's oracle).

    Judged below level 2 are an execir release's own verified mutants of the query's task, and a
    CoREB benchmark's mutants and failed solutions, a language-constrained t2c query's solutions
    in other languages and a c2t query's judged hard-negative descriptions (CoREB A.6: level 1
    has no gain).  A c2c query's anchor is never a negative."""
    rel = benchmark.qrels.get(query_id, {})
    anchor = benchmark.queries[query_id].anchor_id
    own = {s for s, level in rel.items() if level < REL_CANONICAL and s != anchor}
    top = [s for s in ranked[:depth] if failing.get((query_id, s)) is True]
    position = {s: i for i, s in enumerate(ranked)}
    pool = own | set(top)
    return sorted(pool, key=lambda s: (position.get(s, len(ranked)), s))


def mine_examples(benchmark: Benchmark, run: Run, failing: Mapping[tuple[str, str], bool], *,
                  seed: int = 0, rounds: int = 1, depth: int = 10) -> list[Example]:
    """CoREB-balanced examples for every query of ``benchmark`` with a positive.

    Per query and round ``r``: positive ``p`` = the query's passing snippets (qrels level 2)
    taken in turn; hard negative = the ``r``-th snippet of a seeded permutation of
    :func:`hard_pool` (cycling); easy negative = a seeded random document of another task in the
    corpus the query ranks (code, or text for c2t), neither in its retrieved top ``depth`` nor
    judged by its qrels.  Emits ``(p, 1)``, ``(hard, 0)``, ``(p, 1)``,
    ``(easy, 0)``; a query without hard negatives gets only the easy half.  Queries are taken in
    id order and each query's draws depend only on ``(seed, query id)``, so the examples do not
    depend on the order of the benchmark's dictionaries.

    Args:
        run: retrieval run on ``benchmark`` (query id -> ranked ``(snippet, score)``).
        failing: ``(query_id, snippet_id)`` -> True when verified to fail the query's oracle
            (pairs absent are not used as top-ranked hard negatives).
        rounds: mining rounds (one per training epoch).
        depth: retrieved snippets per query considered for hard negatives.

    Raises:
        ValueError: ``rounds`` or ``depth`` below 1.
    """
    if rounds < 1 or depth < 1:
        raise ValueError(f"rounds and depth must be at least 1, got {rounds} and {depth}")
    by_task: dict[str, list[str]] = {}
    everything: dict[str, list[str]] = {}  # corpus (code / text) -> its ids, sorted
    for sid, snip in sorted(benchmark.corpus.items()):
        by_task.setdefault(snip.task_id, []).append(sid)
        everything.setdefault(snip.modality, []).append(sid)
    examples: list[Example] = []
    for qid in sorted(benchmark.queries):
        positives = sorted(s for s, lvl in benchmark.qrels.get(qid, {}).items()
                           if lvl >= REL_CANONICAL)
        if not positives:
            continue
        ranked = [s for s, _ in run.get(qid, [])]
        query = benchmark.queries[qid]
        blocked = (set(ranked[:depth]) | set(by_task.get(query.task_id, []))
                   | set(benchmark.qrels.get(qid, {})))
        pool = everything.get(query.target, [])
        rng = random.Random(f"execir-mine:{seed}:{qid}")
        hard = hard_pool(benchmark, qid, ranked, failing, depth)
        rng.shuffle(hard)
        for r in range(rounds):
            pos = positives[r % len(positives)]
            easy = None
            for _ in range(64 if pool else 0):  # rejection sampling: few are blocked
                pick = pool[rng.randrange(len(pool))]
                if pick not in blocked:
                    easy = pick
                    break
            if hard:
                examples += [Example(qid, pos, 1, POSITIVE, r),
                             Example(qid, hard[r % len(hard)], 0, HARD, r)]
            if easy is not None:
                examples += [Example(qid, pos, 1, POSITIVE, r), Example(qid, easy, 0, EASY, r)]
    return examples
