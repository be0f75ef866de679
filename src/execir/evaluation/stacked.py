"""Stacked mutants at evaluation time (ExecRetrieval appendix G.2): read a release's
``stacked.jsonl`` (written by ``execir build --stacked``) and score its variants with every
system, for :func:`execir.evaluation.analyses.stacked_deception`.  The variants never enter the
runs scored for the leaderboard.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.errors import DataError
from execir.evaluation.judged import BenchmarkIndex
from execir.formats.files import STACKED_FILE, iter_jsonl
from execir.records import Benchmark


def read_stacked(release: Path, benchmark: Benchmark) -> list[dict[str, Any]] | None:
    """The verified stacked mutants of a release (``stacked.jsonl``, written by
    ``execir build --stacked``), or None when the release has none.

    Returns:
        one ``{"task_id": str, "code": str, "n_mutations": int}`` per line, in file order.

    Raises:
        DataError: a line lacks ``task_id``/``code``/``stack``, has a bad value, or names a task
            that is not in the release.
    """
    path = Path(release) / STACKED_FILE
    if not path.is_file():
        return None
    rows, known = [], set(benchmark.tasks)  # a data check (the release's tasks), not a kind
    for line, obj in iter_jsonl(path):
        tid, code, n = obj.get("task_id"), obj.get("code"), obj.get("stack")
        if not isinstance(tid, str) or tid not in known:
            raise DataError(path, f"not a task of this release: {tid!r}", line=line, field="task_id")
        if not isinstance(code, str) or not code.strip():
            raise DataError(path, "missing or empty", line=line, field="code")
        if not isinstance(n, int) or isinstance(n, bool) or n < 2:
            raise DataError(path, f"must be an integer >= 2, got {n!r}", line=line, field="stack")
        rows.append({"task_id": tid, "code": code, "n_mutations": n})
    return rows


def score_stacked(benchmark: Benchmark, rows: Sequence[Mapping[str, Any]],
                  retrievers: Mapping[str, Any], *, chunk: int = 256) -> dict[str, dict[str, Any]]:
    """Score stacked mutants (:func:`read_stacked`) with every retriever (ExecRetrieval app. G.2).

    Each system ranks the whole corpus plus every stacked variant (full depth, queries in chunks
    of ``chunk``), so the canonical, single-mutant and variant scores of a query come from one
    ranking and are comparable even for corpus-dependent scores (BM25 statistics, fusion ranks).
    The variants never enter the runs that are scored for the leaderboard.  A system that holds a
    ranking made elsewhere (``run:FILE``, :mod:`execir.retrieval.precomputed`) has no scores for
    the variants and is left out.

    Returns:
        system -> query_id -> ``{"canonical": [scores of the query's canonical snippets],
        "singles": [scores of its paired distractors, by snippet id], "variants":
        [{"n_mutations": n, "score": s}, ...] in file order}`` for every query whose task has
        variants (the input of :func:`execir.evaluation.analyses.stacked_deception`).
    """
    from execir.retrieval.precomputed import precomputed_parts

    index = BenchmarkIndex.from_benchmark(benchmark)
    corpus = {sid: snip.code for sid, snip in benchmark.corpus.items()}
    width = len(str(len(rows)))
    variant_ids = []
    for i, row in enumerate(rows):
        vid = f"stacked:{i:0{width}d}"
        while vid in corpus:  # never collide with a corpus id
            vid = "_" + vid
        corpus[vid] = row["code"]
        variant_ids.append(vid)
    by_task: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_task.setdefault(row["task_id"], []).append(i)
    wanted = [i for i, qid in enumerate(index.query_ids)
              if benchmark.queries[qid].task_id in by_task]
    out: dict[str, dict[str, Any]] = {}
    for spec, retriever in retrievers.items():
        if any(precomputed_parts(retriever)):
            continue
        per_query: dict[str, Any] = {}
        for start in range(0, len(wanted), chunk):
            block = [index.query_ids[i] for i in wanted[start:start + chunk]]
            run = retriever.search({q: benchmark.queries[q].text for q in block}, corpus, len(corpus))
            for qpos, qid in zip(wanted[start:start + chunk], block):
                got = dict(run.get(qid, ()))
                mine = by_task[benchmark.queries[qid].task_id]
                per_query[qid] = {
                    "canonical": [float(got[c]) for c in sorted(index.canonical[qpos]) if c in got],
                    "singles": [float(got[d]) for d in sorted(index.paired[qpos]) if d in got],
                    "variants": [{"n_mutations": rows[j]["n_mutations"], "score": float(got[variant_ids[j]])}
                                 for j in mine if variant_ids[j] in got],
                }
        out[spec] = per_query
    return out
