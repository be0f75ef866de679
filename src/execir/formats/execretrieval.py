"""The public ExecRetrieval release layout as a source (docs/execretrieval-release.md).

A folder in that layout holds ``data/queries.jsonl`` and ``data/corpus.jsonl``, and optionally
``data/distractor_metadata.jsonl`` and ``data/execution_cache.jsonl``; its ``results/`` and
``tests/`` folders are the paper's outputs and are not read.  :func:`load_bundle` maps it onto
the one :class:`execir.records.Benchmark`:

* each query is its own :class:`~execir.records.Task` (``task_id`` = ``query_id``): its tests are
  the ``test_suite`` asserts (Python), its canonical the code of its first
  ``correct_corpus_ids`` entry, its entry point the first function the first assert calls that
  the canonical defines (:func:`execir.formats.entry_points.find_entry_point`);
* a query's family is ``correct_corpus_ids`` + ``paired_distractor_corpus_ids``; qrels grade it
  as execir does: 2 (:data:`~execir.records.REL_CANONICAL`) for a snippet labelled ``correct``, 1
  (:data:`~execir.records.REL_HARD_NEGATIVE`) for one labelled ``incorrect``;
* a snippet's kind comes from the corpus ``label`` (``correct`` -> canonical, ``incorrect`` ->
  distractor), its mutation record is ``{"mutation_type": bug_type}`` plus, under
  ``generation``, the ``distractor_metadata.jsonl`` row that names its ``corpus_id``.

The execution cache is read by :func:`recorded_outcomes`: a row applies to a (query, snippet)
pair when its ``code_sha256`` is the SHA-256 of the snippet's code and its ``tests_sha256`` the
SHA-256 of the query's ``test_suite`` in one of the forms of :func:`tests_digests` (the release
does not document which it used).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import iter_jsonl
from execir.records import (KIND_CANONICAL, KIND_DISTRACTOR, REL_CANONICAL, REL_HARD_NEGATIVE, Benchmark, Query,
                           Snippet, Task, sha256_text)

#: the folder kind (:func:`execir.formats.folders.folder_format`) and the benchmark's manifest format
BUNDLE = "execretrieval"
BUNDLE_FORMAT = "execretrieval-bundle"
QUERIES = "data/queries.jsonl"
CORPUS = "data/corpus.jsonl"
DISTRACTORS = "data/distractor_metadata.jsonl"
CACHE = "data/execution_cache.jsonl"
#: what the loader reads (the last two when present), and what it leaves alone
READ = (QUERIES, CORPUS, DISTRACTORS, CACHE)
#: what a source load does not read (``results/<model>.json`` are systems: ``--systems run:FILE``)
NOT_READ = ("tests/", "metadata", "entry_id", "source_entry_id")
#: the corpus labels and the snippet kind each maps to
LABELS = {"correct": KIND_CANONICAL, "incorrect": KIND_DISTRACTOR}
#: fields of an execution-cache row that may hold its per-test outcomes, in the order tried
OUTCOME_FIELDS = ("outcomes", "test_results")


def is_bundle(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a folder with ``data/queries.jsonl`` and ``data/corpus.jsonl``."""
    path = Path(path)
    return (path / QUERIES).is_file() and (path / CORPUS).is_file()


def bundle_files(path: str | os.PathLike[str]) -> list[str]:
    """The files of :data:`READ` that ``path`` holds (relative POSIX paths, sorted)."""
    return sorted(name for name in READ if (Path(path) / name).is_file())


def _string(path: Path, line: int, row: Mapping[str, Any], name: str) -> str:
    value = row.get(name)
    if not isinstance(value, str) or not value:
        raise DataError(path, "missing or not a non-empty string", line=line, field=name)
    return value


def _strings(path: Path, line: int, row: Mapping[str, Any], name: str, *, empty: bool = False) -> list[str]:
    value = row.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or (not value and not empty):
        raise DataError(path, f"missing or not a {'' if empty else 'non-empty '}list of strings", line=line,
                        field=name)
    return value


def _corpus_rows(path: Path) -> dict[str, tuple[int, dict[str, Any]]]:
    """corpus_id -> (line, row) of ``data/corpus.jsonl``, checked (file order)."""
    rows: dict[str, tuple[int, dict[str, Any]]] = {}
    for line, row in iter_jsonl(path):
        cid = _string(path, line, row, "corpus_id")
        if cid in rows:
            raise DataError(path, f"{cid!r} repeats line {rows[cid][0]}", line=line, field="corpus_id")
        if not isinstance(row.get("code"), str):
            raise DataError(path, "missing or not a string", line=line, field="code")
        if row.get("label") not in LABELS:
            raise DataError(path, f"expected one of {sorted(LABELS)}, got {row.get('label')!r}", line=line,
                            field="label")
        if not isinstance(row.get("bug_type", ""), str):
            raise DataError(path, "not a string", line=line, field="bug_type")
        rows[cid] = (line, row)
    return rows


def _generation(path: Path) -> dict[str, dict[str, Any]]:
    """corpus_id -> its ``distractor_metadata.jsonl`` row (rows naming no ``corpus_id`` are kept
    out); empty when the file is absent."""
    if not path.is_file():
        return {}
    out = {}
    for line, row in iter_jsonl(path):
        cid = row.get("corpus_id")
        if cid is not None and not isinstance(cid, str):
            raise DataError(path, "not a string", line=line, field="corpus_id")
        if cid is not None:
            out[cid] = {k: v for k, v in row.items() if k != "corpus_id"}
    return out


def _family(path: Path, line: int, row: Mapping[str, Any], corpus: Mapping[str, tuple[int, dict]]
            ) -> dict[str, int]:
    """The qrels of one query row: snippet id -> relevance level, checked against the labels."""
    family: dict[str, int] = {}
    for name, label, level in (("correct_corpus_ids", "correct", REL_CANONICAL),
                               ("paired_distractor_corpus_ids", "incorrect", REL_HARD_NEGATIVE)):
        for cid in _strings(path, line, row, name, empty=level == REL_HARD_NEGATIVE):
            if cid not in corpus:
                raise DataError(path, f"{cid!r} is not in {CORPUS}", line=line, field=name)
            if corpus[cid][1]["label"] != label or cid in family:
                found = "listed twice" if cid in family else f"labelled {corpus[cid][1]['label']!r} in {CORPUS}"
                raise DataError(path, f"{cid!r} is {found}", line=line, field=name)
            family[cid] = level
    return family


def _task(path: Path, line: int, row: Mapping[str, Any], qid: str, canonical: str) -> Task:
    """The oracle of one query row (module docstring)."""
    from execir.formats.entry_points import find_entry_point

    tests = _strings(path, line, row, "test_suite")
    entry_point = find_entry_point(canonical, tests[0])
    if entry_point is None:
        raise DataError(path, "its first assert calls no function", line=line, field="test_suite")
    domain = row.get("domain")
    if domain is not None and not isinstance(domain, str):
        raise DataError(path, "not a string", line=line, field="domain")
    return Task(task_id=qid, query=_string(path, line, row, "query"), entry_point=entry_point,
                canonical=canonical, tests=tuple(tests), language="python", domain=domain,
                source=BUNDLE_FORMAT)


def load_bundle(folder: str | os.PathLike[str], *, name: str | None = None) -> Benchmark:
    """The benchmark of an ExecRetrieval release folder (module docstring), named ``name`` or
    after the folder; queries and snippets in file order.

    Raises:
        DataError: a missing or malformed file, a row lacking a field, a repeated id, an id that
            is not in the corpus, or a family member whose corpus label contradicts its list
            (naming the file, line and field).
    """
    folder = Path(folder)
    corpus_path, queries_path = folder / CORPUS, folder / QUERIES
    rows = _corpus_rows(corpus_path)
    generation = _generation(folder / DISTRACTORS)
    queries: dict[str, Query] = {}
    tasks: dict[str, Task] = {}
    qrels: dict[str, dict[str, int]] = {}
    owner: dict[str, str] = {}
    for line, row in iter_jsonl(queries_path):
        qid = _string(queries_path, line, row, "query_id")
        if qid in queries:
            raise DataError(queries_path, f"{qid!r} is listed twice", line=line, field="query_id")
        qrels[qid] = _family(queries_path, line, row, rows)
        canonical = rows[row["correct_corpus_ids"][0]][1]["code"]
        tasks[qid] = _task(queries_path, line, row, qid, canonical)
        queries[qid] = Query(query_id=qid, text=tasks[qid].query, task_id=qid, domain=tasks[qid].domain)
        for cid in qrels[qid]:
            owner.setdefault(cid, qid)
    corpus = {}
    for cid, (_, row) in rows.items():
        kind = LABELS[row["label"]]
        mutation = None
        if kind == KIND_DISTRACTOR:
            mutation = {"mutation_type": row.get("bug_type") or "unknown",
                        **({"generation": generation[cid]} if cid in generation else {})}
        corpus[cid] = Snippet(snippet_id=cid, code=row["code"], task_id=owner.get(cid, ""), kind=kind,
                              language="python", mutation=mutation)
    return Benchmark(name=name or folder.resolve().name, queries=queries, corpus=corpus, qrels=qrels,
                     tasks=tasks, manifest={"name": name or folder.resolve().name, "format": BUNDLE_FORMAT})


def tests_digests(tests: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The ``tests_sha256`` values a cache row of ``tests`` may carry: SHA-256 (hex, UTF-8) of
    the list as ``json.dumps`` writes it by default, and of the asserts joined by newlines."""
    return (sha256_text(json.dumps(list(tests))), sha256_text("\n".join(tests)))


def recorded_outcomes(folder: str | os.PathLike[str], bench: Benchmark
                      ) -> tuple[dict[tuple[str, str], tuple[str, ...]], int]:
    """``(outcomes per (query_id, snippet_id) pair, rows read)`` from ``data/execution_cache.jsonl``
    of ``folder``: every pair of ``bench`` (queries x snippets) that a row's ``code_sha256`` and
    ``tests_sha256`` match (module docstring); a row's per-test outcomes are its first field of
    :data:`OUTCOME_FIELDS`.  ``({}, 0)`` when the file is absent; other fields are not read.

    Raises:
        DataError: a row without string hashes or a list of outcome strings (file, line, field).
    """
    path = Path(folder) / CACHE
    if not path.is_file():
        return {}, 0
    by_code: dict[str, list[str]] = {}
    for sid, doc in bench.corpus.items():
        by_code.setdefault(sha256_text(doc.code), []).append(sid)
    by_tests: dict[str, list[str]] = {}
    for qid, task in ((q, bench.task_for_query(q)) for q in bench.queries):
        for digest in dict.fromkeys(tests_digests(task.tests)):
            by_tests.setdefault(digest, []).append(qid)
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    n = 0
    for line, row in iter_jsonl(path):
        n += 1
        code_sha, tests_sha = (_string(path, line, row, f) for f in ("code_sha256", "tests_sha256"))
        name = next((f for f in OUTCOME_FIELDS if f in row), OUTCOME_FIELDS[0])
        outcomes = _strings(path, line, row, name)
        for qid in by_tests.get(tests_sha, ()):
            if len(outcomes) != len(bench.task_for_query(qid).tests):
                raise DataError(path, f"{len(outcomes)} outcomes for the {len(bench.task_for_query(qid).tests)} "
                                      f"tests of {qid}", line=line, field=name)
            out.update(((qid, sid), tuple(outcomes)) for sid in by_code.get(code_sha, ()))
    return out, n
