"""CoREB-format releases: read and write the JSONL files of CoREB appendix A.4/A.5.

A CoREB folder holds (the names the reference harness ``coreb`` 0.1.0 reads; the ``_v2`` suffix
of the corpora is optional on reading)::

    code_corpus_v2.jsonl       {code_id, code, language, meta: {source_problem_id, passed, ...}}
    text_corpus_v2.jsonl       {text_id, text, abbreviated_text?, meta: {source_problem_id?, ...}}
    text2code_queries.jsonl    {query_id, query, split, subtask, query_type, sub_query_type,
    code2code_queries.jsonl     language_constraint, anchor_language?, meta: {source_problem_id,
    code2text_queries.jsonl     anchor_code_id?, ...}}   (a c2t match record may carry ``code``)
    text2code_qrels.jsonl      {query_id, doc_id, relevance}
    code2code_qrels.jsonl
    code2text_qrels.jsonl
    c2c_anchor_map.json        optional {query_id: anchor_code_id} (appendix B.9)

:func:`load_coreb` raises :class:`execir.errors.DataError` naming the file, the line and the
field of the first malformed record; :func:`write_coreb_folder` writes the same files, byte-identical for
the same benchmark.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from execir.errors import DataError, UsageError
from execir.formats.files import iter_jsonl, read_json, write_json, write_jsonl
from execir.formats.coreb_names import LANGUAGES, SPLITS, TASK_OF_SPLIT, split_subtask
from execir.records import CODE, TEXT, Benchmark, Query, RecordError, Snippet

CODE_CORPUS = "code_corpus_v2.jsonl"
TEXT_CORPUS = "text_corpus_v2.jsonl"
ANCHOR_MAP = "c2c_anchor_map.json"
#: query and qrels files in the order they are read (and queries listed).
TASK_FILES: tuple[tuple[str, str, str], ...] = tuple(
    (task, f"{SPLITS[task]}_queries.jsonl", f"{SPLITS[task]}_qrels.jsonl") for task in ("t2c", "c2c", "c2t"))
#: every file :func:`write_coreb_folder` writes, in a fixed order.
COREB_FILES: tuple[str, ...] = (CODE_CORPUS, TEXT_CORPUS) + tuple(
    name for _, q, r in TASK_FILES for name in (q, r)) + (ANCHOR_MAP,)

_CODE_KEYS = ("code_id", "code", "language", "meta")
_TEXT_KEYS = ("text_id", "text", "abbreviated_text", "meta")
_QUERY_KEYS = ("query_id", "query", "code", "split", "subtask", "language_constraint", "anchor_language",
               "label", "meta")


def _str(data: Mapping[str, Any], name: str, *, where: str = "") -> str:
    value = data.get(name)
    if name not in data:
        raise RecordError(where + name, "missing")
    if not isinstance(value, str) or not value:
        raise RecordError(where + name, f"expected a non-empty string, got {type(value).__name__}")
    return value


def _opt_str(data: Mapping[str, Any], name: str, *, where: str = "") -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RecordError(where + name, f"expected a string or null, got {type(value).__name__}")
    return value


def _meta(data: Mapping[str, Any]) -> Mapping[str, Any]:
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("meta", f"expected an object, got {type(meta).__name__}")
    return meta


def _rest(data: Mapping[str, Any], used: Iterable[str]) -> dict[str, Any]:
    skip = set(used)
    return {k: v for k, v in data.items() if k not in skip}


def parse_code(data: Mapping[str, Any]) -> Snippet:
    """One code-corpus record (appendix A.4, listing 6) -> :class:`Snippet`.

    Raises:
        RecordError: ``code_id``, ``code``, ``language`` or ``meta.source_problem_id`` is not a
            non-empty string, or ``meta.passed`` is not a boolean.
    """
    meta = _meta(data)
    passed = meta.get("passed")
    if not isinstance(passed, bool):
        raise RecordError("meta.passed", "missing" if "passed" not in meta
                          else f"expected true or false, got {type(passed).__name__}")
    kind = meta.get("kind")
    return Snippet(snippet_id=_str(data, "code_id"), code=_str(data, "code"), modality=CODE,
               task_id=_str(meta, "source_problem_id", where="meta."),
               language=_str(data, "language"), passed=passed,
               kind=kind if isinstance(kind, str) else ("solution" if passed else "failed_solution"),
               meta={**_rest(data, _CODE_KEYS), **{f"meta.{k}": v for k, v in meta.items()
                                                   if k not in ("source_problem_id", "passed", "kind")}})


def parse_text(data: Mapping[str, Any]) -> Snippet:
    """One text-corpus record (appendix A.4, listing 5) -> :class:`Snippet`.

    Raises:
        RecordError: ``text_id`` or ``text`` is not a non-empty string, ``abbreviated_text`` or
            ``meta.source_problem_id`` is neither a string nor null.
    """
    meta = _meta(data)
    kind = meta.get("kind")
    return Snippet(snippet_id=_str(data, "text_id"), code=_str(data, "text"), modality=TEXT, language=None,
               task_id=_opt_str(meta, "source_problem_id", where="meta.") or "",
               abbreviated=_opt_str(data, "abbreviated_text"),
               kind=kind if isinstance(kind, str) else "text",
               meta={**_rest(data, _TEXT_KEYS), **{f"meta.{k}": v for k, v in meta.items()
                                                   if k not in ("source_problem_id", "kind")}})


def parse_query(data: Mapping[str, Any]) -> Query:
    """One query record (appendix A.4 listing 4, A.5 listings 7-11) -> :class:`Query`.

    The text is ``query`` (``code`` for a c2t match record).  Raises :class:`RecordError` naming
    the field: a missing id/text/split/subtask, an unknown split, a subtask of another task, an
    unknown ``language_constraint``, a c2c query without ``anchor_language`` or
    ``meta.anchor_code_id``, or a ``label`` other than 0/1.
    """
    qid = _str(data, "query_id")
    text_field = "query" if "query" in data or "code" not in data else "code"
    text = _str(data, text_field)
    split = _str(data, "split")
    if split not in TASK_OF_SPLIT:
        raise RecordError("split", f"expected one of {sorted(TASK_OF_SPLIT)}, got {split!r}")
    task = TASK_OF_SPLIT[split]
    subtask = _str(data, "subtask")
    try:
        variant, suffix = split_subtask(task, subtask)
    except ValueError as err:
        raise RecordError("subtask", str(err)) from None
    constraint = _opt_str(data, "language_constraint")
    if constraint is not None and constraint != "none" and constraint not in LANGUAGES:
        raise RecordError("language_constraint", f"expected none or one of {list(LANGUAGES)}, got {constraint!r}")
    language = suffix if constraint in (None, "none") else constraint
    meta = _meta(data)
    problem = _str(meta, "source_problem_id", where="meta.")
    anchor_language = _opt_str(data, "anchor_language")
    anchor_id = _opt_str(meta, "anchor_code_id", where="meta.")
    if task == "c2c":
        anchor_language = _str(data, "anchor_language")
        anchor_id = _str(meta, "anchor_code_id", where="meta.")
    label = data.get("label")
    if label is not None and (isinstance(label, bool) or label not in (0, 1)):
        raise RecordError("label", f"expected 0 or 1, got {label!r}")
    return Query(query_id=qid, text=text, direction=task, subtask=subtask, variant=variant,
                   language=language, task_id=problem, anchor_language=anchor_language,
                   anchor_id=anchor_id, label=label,
                   meta={**_rest(data, _QUERY_KEYS),
                         **{f"meta.{k}": v for k, v in meta.items()
                            if k not in ("source_problem_id", "anchor_code_id")}})


def _read(path: Path, parse: Callable[[Mapping[str, Any]], Any], seen: dict[str, str], what: str
          ) -> list[Any]:
    out = []
    for lineno, obj in iter_jsonl(path):
        try:
            rec = parse(obj)
        except RecordError as exc:
            raise DataError(path, exc.detail, line=lineno, field=exc.field) from None
        key = rec.query_id if isinstance(rec, Query) else rec.snippet_id
        if key in seen:
            raise DataError(path, f"{what} {key!r} appears twice (first in {seen[key]})", line=lineno,
                            field=f"{what}")
        seen[key] = f"{path.name}:{lineno}"
        out.append(rec)
    return out


def _read_qrels(path: Path, queries: Mapping[str, Query], docs: Mapping[str, Snippet],
                qrels: dict[str, dict[str, int]]) -> None:
    for lineno, obj in iter_jsonl(path):
        for name in ("query_id", "doc_id"):
            if not isinstance(obj.get(name), str) or not obj[name]:
                raise DataError(path, "missing or not a non-empty string", line=lineno, field=name)
        rel = obj.get("relevance")
        if isinstance(rel, bool) or not isinstance(rel, int):
            raise DataError(path, "missing or not an integer", line=lineno, field="relevance")
        if rel not in (0, 1, 2):  # CoREB's graded levels (§3.3): 2 relevant, 1 hard negative
            raise DataError(path, f"expected 0, 1 or 2, got {rel}", line=lineno, field="relevance")
        qid, did = obj["query_id"], obj["doc_id"]
        q = queries.get(qid)
        if q is None:
            raise DataError(path, f"query {qid!r} is not in the queries file", line=lineno, field="query_id")
        doc = docs.get(did)
        if doc is None or doc.modality != q.target:
            where = "corpus" if doc is None else f"{q.target} corpus (it is a {doc.modality} entry)"
            raise DataError(path, f"document {did!r} is not in the {where}", line=lineno, field="doc_id")
        if did in qrels.setdefault(qid, {}):
            raise DataError(path, f"pair ({qid!r}, {did!r}) is judged twice", line=lineno, field="doc_id")
        qrels[qid][did] = rel


def _first(folder: Path, *names: str) -> Path:
    """The one of ``names`` present in ``folder`` (the first name when none is).

    Raises:
        DataError: more than one is present (which one is meant would be a guess).
    """
    present = [folder / name for name in names if (folder / name).is_file()]
    if len(present) > 1:
        raise DataError(present[0], f"both {' and '.join(p.name for p in present)} exist in "
                                    f"{folder}: keep one")
    return present[0] if present else folder / names[0]


def load_coreb(folder: str | os.PathLike[str], *, name: str | None = None,
               manifest: Mapping[str, Any] | None = None) -> Benchmark:
    """Load a CoREB-format folder (see the module docstring).

    Query files that are absent are skipped (a folder may hold one task only); both corpora
    must exist (an empty file is fine).  A c2c anchor map, when present, must agree with the
    queries' ``meta.anchor_code_id``.

    Raises:
        DataError: a missing corpus, a malformed record (file, line, field), a duplicate id, a
            qrel naming an unknown query or a document of the wrong corpus, an anchor that is not
            in the code corpus, or an anchor map that disagrees with the queries.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise DataError(folder, "not a folder")
    seen: dict[str, str] = {}
    docs: dict[str, Snippet] = {}
    for path, parse in ((_first(folder, CODE_CORPUS, "code_corpus.jsonl"), parse_code),
                        (_first(folder, TEXT_CORPUS, "text_corpus.jsonl"), parse_text)):
        for doc in _read(path, parse, seen, "document"):
            docs[doc.snippet_id] = doc
    queries: dict[str, Query] = {}
    qseen: dict[str, str] = {}
    present = [(task, folder / q, folder / r) for task, q, r in TASK_FILES if (folder / q).is_file()]
    for _, q, r in TASK_FILES:
        if (folder / r).is_file() and not (folder / q).is_file():  # a task would silently vanish
            raise DataError(folder / q, f"file not found, but {r} judges its queries")
    if not present:
        raise DataError(folder, f"no query file: expected one of {[q for _, q, _ in TASK_FILES]}")
    for task, qpath, _ in present:
        for q in _read(qpath, parse_query, qseen, "query_id"):
            if q.direction != task:
                raise DataError(qpath, f"a {SPLITS[q.direction]} query in the {SPLITS[task]} file",
                                field="split", line=_line_of(qpath, q.query_id))
            if q.anchor_id is not None and q.direction == "c2c" and q.anchor_id not in docs:
                raise DataError(qpath, f"anchor {q.anchor_id!r} is not in the code corpus",
                                line=_line_of(qpath, q.query_id), field="meta.anchor_code_id")
            queries[q.query_id] = q
    qrels: dict[str, dict[str, int]] = {}
    for _, _, rpath in present:
        _read_qrels(rpath, queries, docs, qrels)
    amap = folder / ANCHOR_MAP
    if amap.is_file():
        given = read_json(amap)
        if not isinstance(given, dict):
            raise DataError(amap, "expected an object query_id -> anchor_code_id")
        have = {q.query_id: q.anchor_id for q in queries.values() if q.direction == "c2c"}
        for qid, anchor in sorted(given.items()):
            if have.get(qid) != anchor:
                raise DataError(amap, f"anchor {anchor!r} disagrees with the query's meta.anchor_code_id "
                                      f"{have.get(qid)!r}", field=qid)
    return Benchmark(name=name or folder.name, queries=queries, corpus=docs, qrels=qrels,
                     manifest=dict(manifest or {}))


def _line_of(path: Path, query_id: str) -> int | None:
    for lineno, obj in iter_jsonl(path):
        if obj.get("query_id") == query_id:
            return lineno
    return None


# ------------------------------------------------------------------------------------- writing

def _unflatten(meta: Mapping[str, Any], base: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    top = {k: v for k, v in meta.items() if not k.startswith("meta.")}
    inner = dict(base)
    inner.update({k[5:]: v for k, v in meta.items() if k.startswith("meta.")})
    return top, inner


def code_record(doc: Snippet) -> dict[str, Any]:
    """CoREB code-corpus record of a code :class:`Snippet`."""
    top, inner = _unflatten(doc.meta, {"source_problem_id": doc.task_id, "passed": bool(doc.passed),
                                       "kind": doc.kind})
    return {**top, "code_id": doc.snippet_id, "code": doc.code, "language": doc.language, "meta": inner}


def text_record(doc: Snippet) -> dict[str, Any]:
    """CoREB text-corpus record of a text :class:`Snippet`."""
    top, inner = _unflatten(doc.meta, {"source_problem_id": doc.task_id or None, "kind": doc.kind})
    return {**top, "text_id": doc.snippet_id, "text": doc.code, "abbreviated_text": doc.abbreviated, "meta": inner}


def query_record(q: Query) -> dict[str, Any]:
    """CoREB query record of a :class:`Query` (``query`` holds the text for every task)."""
    base: dict[str, Any] = {"source_problem_id": q.task_id}
    if q.anchor_id is not None:
        base["anchor_code_id"] = q.anchor_id
    top, inner = _unflatten(q.meta, base)
    row: dict[str, Any] = {**top, "query_id": q.query_id, "query": q.text, "split": SPLITS[q.direction],
                           "subtask": q.subtask, "language_constraint": q.language or "none", "meta": inner}
    if q.anchor_language is not None:
        row["anchor_language"] = q.anchor_language
    if q.label is not None:
        row["label"] = q.label
    return row


def write_coreb_folder(folder: str | os.PathLike[str], bench: Benchmark) -> tuple[str, ...]:
    """Write ``bench`` as a CoREB folder (every file of :data:`COREB_FILES`, in the benchmark's
    order; qrels sorted by query then document id).  Returns the file names written.

    Raises:
        UsageError: a query of a task CoREB does not have (e.g. a plain BEIR query).
    """
    odd = sorted({q.direction for q in bench.queries.values()} - set(SPLITS))
    if odd:
        raise UsageError(f"{bench.name}: queries of task {odd[0]!r} have no CoREB split (t2c, c2t, c2c); "
                         "export this benchmark as a BEIR folder instead")
    folder = Path(folder)
    write_jsonl(folder / CODE_CORPUS, (code_record(d) for d in bench.corpus.values() if d.modality == CODE))
    write_jsonl(folder / TEXT_CORPUS, (text_record(d) for d in bench.corpus.values() if d.modality == TEXT))
    for task, qname, rname in TASK_FILES:
        qs = [q for q in bench.queries.values() if q.direction == task]
        write_jsonl(folder / qname, (query_record(q) for q in qs))
        write_jsonl(folder / rname, ({"query_id": q.query_id, "doc_id": d, "relevance": bench.qrels[q.query_id][d]}
                                     for q in sorted(qs, key=lambda x: x.query_id)
                                     for d in sorted(bench.qrels.get(q.query_id, {}))))
    write_json(folder / ANCHOR_MAP, bench.anchors())
    return COREB_FILES
