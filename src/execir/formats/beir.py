"""BEIR folders: load any BEIR folder as a one-task benchmark; write benchmarks as BEIR folders.

A BEIR folder (Thakur et al., 2021) holds ``corpus.jsonl`` (``_id``, ``title``?, ``text``,
``metadata``?), ``queries.jsonl`` (``_id``, ``text``, ``metadata``?) and ``qrels/<split>.tsv``
(``query-id corpus-id score``, header optional).  Every malformed record raises
:class:`execir.errors.DataError` naming the file, line and field.

A multitask benchmark has two corpora, so it is written as one BEIR folder per task
(``text2code/``, ``code2code/``, ``code2text/``), each with the corpus that task ranks; c2c
queries name their anchor in ``metadata.anchor_code_id`` (a BEIR consumer must drop it from the
ranked list itself, CoREB appendix B.9).  Corpus rows carry no label; which programs pass their
problem's tests (CoREB's ``meta.passed``, what exec@k counts) is written as qrels beside the graded
ones, ``qrels/exec.tsv`` (:data:`EXEC_QRELS`: per code-ranking query, score 1 for each passing
program of its problem).
"""

from __future__ import annotations

import gzip
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import atomic_write_text, format_qrels, iter_jsonl, read_qrels, write_jsonl
from execir.formats.coreb_names import SPLITS, split_subtask
from execir.records import CODE, TEXT, Benchmark, Query, Snippet

#: the execution qrels of a multitask BEIR folder: per code-ranking query, its problem's passing programs
EXEC_QRELS = "qrels/exec.tsv"


def beir_file(folder: Path, name: str) -> Path:
    """``folder/name``, or ``folder/name.gz`` when only the compressed file exists (BEIR's own
    downloads ship gzipped files).

    Raises:
        DataError: both exist (which one is meant would be a guess).
    """
    plain = Path(folder) / name
    gz = plain.with_name(plain.name + ".gz")
    if plain.is_file() and gz.is_file():
        raise DataError(plain, f"both {plain.name} and {gz.name} exist in {plain.parent}: keep one")
    return gz if gz.is_file() else plain


def _field(path: Path, lineno: int, obj: Mapping[str, Any], name: str, *, required: bool = True) -> str:
    value = obj.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value and name == "_id"):
        raise DataError(path, "missing or not a string" if value is None or not isinstance(value, str)
                        else "empty", line=lineno, field=name)
    return value


def _metadata(path: Path, lineno: int, obj: Mapping[str, Any]) -> dict[str, Any]:
    meta = obj.get("metadata") or {}
    if not isinstance(meta, Mapping):
        raise DataError(path, f"expected an object, got {type(meta).__name__}", line=lineno, field="metadata")
    return dict(meta)


def load_beir(folder: str | os.PathLike[str], *, split: str = "test", target: str = TEXT,
              name: str | None = None) -> Benchmark:
    """Load a BEIR folder as a benchmark of one task (``beir``), every document in ``target``.

    A document's text is its ``text``, preceded by its ``title`` and a newline when the title is
    not empty (how BEIR's dense models read a document).

    Args:
        folder: the BEIR folder.
        split: which ``qrels/<split>.tsv`` to read.
        target: the modality given to every document (``text`` or ``code``).
        name: benchmark name (default: the folder name).

    Raises:
        DataError: a missing file, a malformed record (file, line, field), a duplicate id, or a
            qrel naming an unknown query or document.
    """
    folder = Path(folder)
    docs: dict[str, Snippet] = {}
    cpath = beir_file(folder, "corpus.jsonl")
    for lineno, obj in iter_jsonl(cpath):
        did = _field(cpath, lineno, obj, "_id")
        text = _field(cpath, lineno, obj, "text")
        title = _field(cpath, lineno, obj, "title", required=False)
        meta = _metadata(cpath, lineno, obj)
        if did in docs:
            raise DataError(cpath, f"document {did!r} appears twice", line=lineno, field="_id")
        docs[did] = beir_doc(did, text, title, meta, target)
    queries: dict[str, Query] = {}
    qpath = beir_file(folder, "queries.jsonl")
    sub = f"beir_{name or folder.name}"
    for lineno, obj in iter_jsonl(qpath):
        qid = _field(qpath, lineno, obj, "_id")
        text = _field(qpath, lineno, obj, "text")
        meta = _metadata(qpath, lineno, obj)
        if qid in queries:
            raise DataError(qpath, f"query {qid!r} appears twice", line=lineno, field="_id")
        queries[qid] = beir_query(qid, text, meta, target=target, subtask=sub)
    targets = {q.target for q in queries.values() if q.direction in SPLITS}
    if len(targets) == 1 and all(q.direction in SPLITS for q in queries.values()):  # written by export_multitask_beir
        docs = _restored_docs(folder, docs, targets.pop(), queries)
    rpath = beir_file(folder, f"qrels/{split}.tsv")
    qrels = read_qrels(rpath)
    _check_references(rpath, queries, docs)
    return Benchmark(name=name or folder.name, queries=queries, corpus=docs, qrels=qrels)


def beir_doc(did: str, text: str, title: str, meta: Mapping[str, Any], target: str) -> Snippet:
    """The document of a BEIR-style corpus row (``title`` and a newline before ``text`` when the
    title is not empty), in corpus ``target``; ``meta`` (the row's ``metadata``) gives its task
    and language and is kept for export."""
    return Snippet(snippet_id=did, code=f"{title}\n{text}" if title else text, modality=target,
                   task_id=str(meta.get("task_id", "")), language=meta.get("language"),
                   kind=str(meta.get("kind", "")), meta={"metadata": dict(meta)} if meta else {})


def beir_query(qid: str, text: str, meta: Mapping[str, Any], *, target: str, subtask: str) -> Query:
    """The query of a BEIR-style query row: the multitask query its ``meta`` describes (a folder of
    :func:`export_multitask_beir`), else a plain query (``beir``, in ``subtask``) ranking ``target``."""
    return _restored(qid, text, meta) or Query(
        query_id=qid, text=text, direction="beir", subtask=subtask, variant="beir", language=None,
        task_id=str(meta.get("task_id", "")), meta={"target": target, **({"metadata": dict(meta)} if meta else {})})


def with_passed(docs: Mapping[str, Snippet], modality: str, judged: Mapping[str, Mapping[str, int]] | None
                ) -> dict[str, Snippet]:
    """``docs`` moved to ``modality`` with their ``passed`` flags: from the execution qrels
    ``judged`` when given (a program passes when a query lists it with a positive score; a
    description gets None), else from ``metadata.passed`` (folders of older execir versions)."""
    if judged is None:
        return {d: replace(doc, modality=modality, passed=doc.meta.get("metadata", {}).get("passed"))
                for d, doc in docs.items()}
    passing = {d for row in judged.values() for d, score in row.items() if score > 0}
    return {d: replace(doc, modality=modality, passed=d in passing if modality == CODE else None)
            for d, doc in docs.items()}


def _restored_docs(folder: Path, docs: dict[str, Snippet], modality: str,
                   queries: Mapping[str, Query]) -> dict[str, Snippet]:
    """The documents of a folder of :func:`export_multitask_beir` (:func:`with_passed`, from its
    :data:`EXEC_QRELS` when it has one)."""
    epath = beir_file(folder, EXEC_QRELS)
    if not epath.is_file():
        return with_passed(docs, modality, None)
    judged = read_qrels(epath)
    _check_references(epath, queries, docs)
    return with_passed(docs, modality, judged)


def exec_qrels(bench: Benchmark, queries: list[Query]) -> dict[str, dict[str, int]]:
    """``{query_id: {program_id: 1}}``: for each query of ``queries``, the programs of ``bench``'s
    code corpus that pass the tests of its problem (``passed``, same ``task_id``)."""
    by_task: dict[str, list[str]] = {}
    for d, doc in bench.corpus.items():
        if doc.modality == CODE and doc.passed:
            by_task.setdefault(doc.task_id, []).append(d)
    return {q.query_id: {d: 1 for d in by_task.get(q.task_id, [])} for q in queries}


def _restored(qid: str, text: str, meta: Mapping[str, Any]) -> Query | None:
    """The multitask query a folder of :func:`export_multitask_beir` describes in its metadata,
    or None for a plain BEIR query."""
    subtask = meta.get("subtask")
    task = subtask.split("_", 1)[0] if isinstance(subtask, str) else None
    if task not in SPLITS:
        return None
    try:
        variant, language = split_subtask(task, subtask)
    except ValueError:
        return None
    anchor_language = meta.get("anchor_language")
    label = meta.get("label")
    return Query(query_id=qid, text=text, direction=task, subtask=subtask, variant=variant, language=language,
                 task_id=str(meta.get("task_id", "")),
                   anchor_language=anchor_language if isinstance(anchor_language, str) else None,
                   anchor_id=meta.get("anchor_code_id"), label=label if label in (0, 1) else None)


def _check_references(path: Path, queries: Mapping[str, Any], docs: Mapping[str, Any]) -> None:
    """Raise :class:`DataError` (file, line, field) at the first qrel naming an unknown query or
    document (``path`` has already been read by :func:`execir.formats.files.read_qrels`)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    for lineno, line in enumerate(lines, start=1):
        row = line.split("\t")
        if len(row) != 3 or (lineno == 1 and row[0] == "query-id"):
            continue
        if row[0] not in queries:
            raise DataError(path, f"query {row[0]!r} is not in queries.jsonl", line=lineno, field="query-id")
        if row[1] not in docs:
            raise DataError(path, f"document {row[1]!r} is not in corpus.jsonl", line=lineno, field="corpus-id")


def write_beir(folder: str | os.PathLike[str], queries: list[dict[str, Any]], corpus: list[dict[str, Any]],
               qrels: Mapping[str, Mapping[str, int]]) -> None:
    """Write one BEIR folder from ready rows (``_id``/``text``/``metadata`` dicts) and qrels."""
    folder = Path(folder)
    write_jsonl(folder / "corpus.jsonl", corpus)
    write_jsonl(folder / "queries.jsonl", queries)
    atomic_write_text(folder / "qrels" / "test.tsv", format_qrels({q: dict(r) for q, r in qrels.items()}))


def export_release_beir(bench: Benchmark, folder: str | os.PathLike[str]) -> None:
    """Write an execir release (:class:`execir.records.Benchmark`) as a plain BEIR folder
    (corpus, queries and graded qrels; the oracle's ``tasks.jsonl`` and manifest are left out, and
    the corpus rows carry no label: :func:`doc_row`)."""
    write_beir(folder, [q.to_beir() for q in bench.queries.values()],
               [doc_row(s) for s in bench.corpus.values()], bench.qrels)


def doc_row(doc: Snippet) -> dict[str, Any]:
    """The BEIR corpus row of a document (``metadata``: task and language).  No label: a
    document's role (canonical, distractor, mutant, ...), mutation record and pass/fail verdict
    are judgements, written only to qrels (``qrels/test.tsv``, :data:`EXEC_QRELS`)."""
    meta: dict[str, Any] = {"task_id": doc.task_id}
    if doc.language is not None:
        meta["language"] = doc.language
    return {"_id": doc.snippet_id, "title": "", "text": doc.code, "metadata": meta}


def query_row(q: Query) -> dict[str, Any]:
    """The BEIR query row of a multitask query (``metadata`` carries what
    :func:`load_beir` needs to restore its task, subtask, anchor and label)."""
    meta: dict[str, Any] = {"task_id": q.task_id, "subtask": q.subtask, "language": q.slice_language}
    if q.anchor_id is not None:
        meta["anchor_code_id"] = q.anchor_id
    if q.anchor_language is not None:
        meta["anchor_language"] = q.anchor_language
    if q.label is not None:
        meta["label"] = q.label
    return {"_id": q.query_id, "text": q.text, "metadata": meta}


def export_multitask_beir(bench: Benchmark, folder: str | os.PathLike[str]) -> list[str]:
    """Write one BEIR folder per task of ``bench`` under ``folder`` (``text2code`` ...), a
    code-ranking task's with its :data:`EXEC_QRELS`; returns the sub-folder names written, in t2c,
    c2c, c2t order."""
    folder = Path(folder)
    written = []
    for task in ("t2c", "c2c", "c2t"):
        qs = [q for q in bench.queries.values() if q.direction == task]
        if not qs:
            continue
        target = qs[0].target
        write_beir(folder / SPLITS[task], [query_row(q) for q in qs],
                   [doc_row(d) for d in bench.corpus.values() if d.modality == target],
                   {q.query_id: bench.qrels.get(q.query_id, {}) for q in qs})
        if target == CODE:
            atomic_write_text(folder / SPLITS[task] / EXEC_QRELS, format_qrels(exec_qrels(bench, qs)))
        written.append(SPLITS[task])
    return written
