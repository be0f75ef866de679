"""Execution labels: does a retrieved snippet pass the query's oracle? (ExecRetrieval §3.3, §4.1)

A label belongs to a ``(query_id, snippet_id)`` pair: the snippet's code is run against every
test of the query's task through the :class:`execir.execution.Oracle` (isolated subprocesses, with
the SQLite execution cache when the oracle has one), and ``passed`` means every test passed.
A label's ``origin`` says where its outcomes come from: :data:`EXECUTED` (the oracle, now or when
the release was built) or :data:`RECORDED` (the outcomes a source records, read instead of
running the oracle: an ExecRetrieval release's execution cache, :func:`release_labels`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from execir.errors import DataError
from execir.execution import Oracle
from execir.execution.limits import Limits
from execir.execution.outcomes import ENTRY_POINT_UNDEFINED, PASS, RUNNER_VERSION
from execir.execution.static_outcomes import cannot_bind
from execir.formats.files import LABELS_FILE, iter_jsonl
from execir.records import CODE, Benchmark

#: the origins of a label's outcomes (module docstring)
EXECUTED = "executed"
RECORDED = "recorded"
ORIGINS = (EXECUTED, RECORDED)


@dataclass(frozen=True)
class ExecutionLabel:
    """Outcome of one snippet under one query's oracle.

    Attributes:
        outcomes: one string per test (``pass``, ``FAIL``, ``FAIL:<Exc>``, ``TIMEOUT``,
            ``ERROR:<Exc>``), in the order of the task's tests.
        origin: :data:`EXECUTED` or :data:`RECORDED` (module docstring).
    """

    outcomes: tuple[str, ...]
    origin: str = EXECUTED
    #: all tests pass and there is at least one test (derived from ``outcomes``).
    passed: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "passed", bool(self.outcomes) and all(o == PASS for o in self.outcomes))

    def to_dict(self, query_id: str, snippet_id: str) -> dict[str, Any]:
        """The ``labels.jsonl`` row; ``origin`` is written only for a recorded label."""
        row = {"query_id": query_id, "snippet_id": snippet_id, "passed": self.passed,
               "outcomes": list(self.outcomes)}
        if self.origin != EXECUTED:
            row["origin"] = self.origin
        return row


@dataclass(frozen=True)
class RecordedLabel:
    """A label the source records instead of one the oracle computed (CoREB's ``meta.passed``
    of a program of the query's own task); nothing was run, so it has no outcomes."""

    passed: bool


def recorded_labels(benchmark: Benchmark, pairs: Sequence[tuple[str, str]]) -> dict[tuple[str, str], RecordedLabel]:
    """The label the benchmark records for each ``(query_id, snippet_id)`` pair: passed when the
    snippet is a program (code corpus) of the query's own task recorded as passing its tests.

    Raises:
        KeyError: a query or snippet id is not in the benchmark.
    """
    out = {}
    for qid, sid in pairs:
        doc, q = benchmark.corpus[sid], benchmark.queries[qid]
        out[(qid, sid)] = RecordedLabel(doc.modality == CODE and bool(doc.passed) and doc.task_id == q.task_id)
    return out


def execute_labels(benchmark: Benchmark, pairs: Sequence[tuple[str, str]], *, oracle: Oracle
                   ) -> dict[tuple[str, str], ExecutionLabel]:
    """Run each ``(query_id, snippet_id)`` pair's snippet against the query's tests with
    ``oracle``.

    Identical ``(code, tests)`` jobs run once.  A pair that provably fails because the snippet
    cannot bind the name the tests call (:func:`execir.execution.static_outcomes.cannot_bind`: most
    retrieved snippets of *other* tasks) is not run; each of its tests is
    ``FAIL:EntryPointUndefined``.  Returns labels keyed by pair, in the order of ``pairs``.

    Raises:
        KeyError: a query or snippet id is not in the benchmark.
    """

    jobs: list[tuple[str, tuple[str, ...]]] = []
    slot: dict[tuple[str, tuple[str, ...]], int] = {}
    where: list[tuple[tuple[str, str], int]] = []
    out: dict[tuple[str, str], ExecutionLabel] = {}
    for qid, sid in pairs:
        code = benchmark.corpus[sid].code
        task = benchmark.task_for_query(qid)
        tests = tuple(task.tests)
        if cannot_bind(code, tests, task.entry_point, task.language):
            out[(qid, sid)] = ExecutionLabel((ENTRY_POINT_UNDEFINED,) * len(tests))
            continue
        key = (code, tests)
        if key not in slot:
            slot[key] = len(jobs)
            jobs.append(key)
        where.append(((qid, sid), slot[key]))
    results = oracle.run(jobs, progress="labelling new snippets") if jobs else []
    out.update((pair, ExecutionLabel(tuple(results[j].outcomes))) for pair, j in where)
    return {pair: out[pair] for pair in pairs}


def label_rows(labels: Mapping[tuple[str, str], Any]) -> Iterable[dict[str, Any]]:
    """Rows for ``labels.jsonl``, sorted by (query_id, snippet_id)."""
    for qid, sid in sorted(labels):
        label = labels[(qid, sid)]
        yield ExecutionLabel(tuple(label.outcomes), getattr(label, "origin", EXECUTED)).to_dict(qid, sid)


def labels_from_rows(rows: Iterable[tuple[int, Mapping[str, Any]]], path: str
                     ) -> dict[tuple[str, str], ExecutionLabel]:
    """Parse ``(line_number, object)`` rows of ``labels.jsonl``.

    Raises:
        DataError: a row lacks ``query_id``/``snippet_id`` strings or an ``outcomes`` string list,
            or has an ``origin`` other than those of :data:`ORIGINS`.
    """
    out: dict[tuple[str, str], ExecutionLabel] = {}
    for lineno, row in rows:
        for name in ("query_id", "snippet_id"):
            if not isinstance(row.get(name), str):
                raise DataError(path, "missing or not a string", line=lineno, field=name)
        outcomes = row.get("outcomes")
        if not isinstance(outcomes, list) or not all(isinstance(o, str) for o in outcomes):
            raise DataError(path, "expected a list of strings", line=lineno, field="outcomes")
        origin = row.get("origin", EXECUTED)
        if origin not in ORIGINS:
            raise DataError(path, f"expected one of {list(ORIGINS)}, got {origin!r}", line=lineno, field="origin")
        out[(row["query_id"], row["snippet_id"])] = ExecutionLabel(tuple(outcomes), origin)
    return out


def release_labels(release: str | Path, benchmark: Benchmark, limits: Limits, *, reexecute: bool = False
                   ) -> dict[tuple[str, str], ExecutionLabel] | None:
    """The labels a source knows, so the oracle does not run them: an execir release's
    ``labels.jsonl`` (every qrels pair's outcomes, recorded by the build) when they hold for an
    oracle with ``limits`` (the build ran them with the same runner version and limits); an
    ExecRetrieval release's recorded outcomes (:func:`bundle_labels`, whatever the limits).
    None when the source has none, they do not apply, or ``reexecute`` (``--reexecute``: every
    pair is then executed as any other).

    Raises:
        DataError: a malformed line, or a pair whose query or snippet is not in the release.
    """
    from execir.formats.execretrieval import is_bundle

    if reexecute:
        return None
    if is_bundle(release):
        return bundle_labels(release, benchmark) or None
    info = benchmark.manifest.get("labels")
    if not isinstance(info, Mapping) or info.get("runner") != RUNNER_VERSION \
            or info.get("limits") != limits.key():
        return None
    path = Path(release) / str(info.get("file", LABELS_FILE))
    labels = labels_from_rows(iter_jsonl(path), str(path))
    for qid, sid in labels:
        if qid not in benchmark.queries or sid not in benchmark.corpus:
            raise DataError(path, f"the pair ({qid!r}, {sid!r}) is not in the release",
                            field="query_id" if qid not in benchmark.queries else "snippet_id")
    return labels


def bundle_labels(release: str | Path, benchmark: Benchmark) -> dict[tuple[str, str], ExecutionLabel]:
    """The :data:`RECORDED` label of every (query, snippet) pair of ``benchmark`` that the
    ExecRetrieval release ``release`` has in its ``data/execution_cache.jsonl``
    (:func:`execir.formats.execretrieval.recorded_outcomes`; passed = every recorded outcome is
    ``pass``); empty without that file.

    Raises:
        DataError: a malformed cache row.
    """
    from execir.formats.execretrieval import recorded_outcomes

    found, _ = recorded_outcomes(release, benchmark)
    return {pair: ExecutionLabel(outcomes, RECORDED) for pair, outcomes in sorted(found.items())}


def recorded_summary(release: str | Path, known: Mapping[tuple[str, str], Any] | None, *,
                     reexecute: bool = False, qrels: Mapping[str, Mapping[str, int]] | None = None
                     ) -> dict[str, Any] | None:
    """What a results folder's ``config.json`` records of an ExecRetrieval release's execution
    cache: ``file``, ``pairs`` (the pairs of ``known`` it records: any of them that a run ranks
    within the judged depth is judged from it, not run), ``contradicting`` (those of them whose
    recorded verdict disagrees with the corpus label, level 2 of ``qrels`` passing), ``ignored``
    (``--reexecute``) and a one-line ``note``.  None for a source without that cache."""
    from execir.formats.execretrieval import CACHE, is_bundle

    if not is_bundle(release) or not (Path(release) / CACHE).is_file():
        return None
    recorded = [] if reexecute else sorted(p for p, v in (known or {}).items() if getattr(v, "origin", None) == RECORDED)
    against = [f"{q}/{s}" for q, s in recorded
               if qrels is not None and known[(q, s)].passed != (qrels.get(q, {}).get(s, 0) >= 2)]
    line = (f"recorded outcomes: {CACHE} ignored (--reexecute): the oracle judges every pair" if reexecute else
            f"recorded outcomes: {CACHE} records {len(recorded):,} (query, snippet) pairs, judged from it when "
            "ranked (--reexecute runs them)")
    if against:
        line += (f"; warning: {len(against)} of them contradict the corpus label ({', '.join(against[:3])}"
                 f"{', ...' if len(against) > 3 else ''}): the recorded verdict is used unless --reexecute")
    return {"file": CACHE, "pairs": len(recorded), "contradicting": against, "ignored": reexecute, "note": line}
