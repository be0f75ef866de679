"""Rankings made elsewhere: TREC run files, BEIR results JSON and ExecRetrieval results files.

:func:`read_run_file` reads one file, detects its format from the content, checks every entry and
returns a :class:`RunFile` (query id -> snippet id -> score).  The formats:

* ``trec`` -- one ``qid Q0 docid rank score tag`` line per retrieved snippet, whitespace
  separated (the second field is not read); one tag per file, the run's own name;
* ``beir`` -- a JSON object ``{query_id: {doc_id: score}}`` (what BEIR's ``EvaluateRetrieval``
  returns and pytrec_eval reads);
* ``execretrieval`` -- a per-model ``results/<model>.json`` of the public ExecRetrieval release:
  ``model`` and ``per_query``, a list of ``{"query_id", "top_results": [{"rank", "corpus_id",
  "similarity", ...}]}``; every other field (labels, test results) is ignored.

A file whose first non-blank character is ``{`` or ``[`` is JSON, anything else is a TREC run; a
``.gz`` file is decompressed first.  Only the scores order a ranking (execir's one order,
:func:`execir.ranking.rank`: score descending, then id ascending); the rank column of a TREC or
ExecRetrieval file is read to report the queries whose own order differs
(:attr:`RunFile.reordered`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from execir.errors import DataError, json_error
from execir.ranking import rank

FORMATS = ("trec", "beir", "execretrieval")
_TREC_FIELDS = ("qid", "Q0", "docid", "rank", "score", "tag")
_WHAT = ("a TREC run (qid Q0 docid rank score tag), a BEIR results JSON {query_id: {doc_id: score}} "
         "or an ExecRetrieval results file (model, per_query)")


@dataclass(frozen=True)
class RunFile:
    """One ranking file, read and checked.

    Attributes:
        path: the resolved file.
        sha256: hex SHA-256 of the file's bytes (as stored, compressed or not).
        format: one of :data:`FORMATS`.
        name: the run's own name (the TREC tag, the ExecRetrieval ``model``), or None (BEIR).
        scores: query id -> snippet id -> score, queries and snippets in file order.
        reordered: query ids (sorted) whose rank column orders their snippets otherwise than
            :func:`execir.ranking.rank` does (ties broken another way, or ranks that contradict
            the scores); empty for BEIR, which has no rank column.
    """

    path: Path
    sha256: str
    format: str
    name: str | None
    scores: dict[str, dict[str, float]]
    reordered: tuple[str, ...] = ()


class _Bad(Exception):
    """A problem at a place of a JSON document: ``where`` is the path of keys and list indices."""

    def __init__(self, where: Sequence[str | int], message: str):
        super().__init__(message)
        self.where = tuple(where)
        self.message = message


def read_run_file(path: str | os.PathLike[str]) -> RunFile:
    """Read a run file of any of :data:`FORMATS` (see the module docstring).

    Raises:
        DataError: the file is missing, unreadable, empty, not UTF-8, or a line or field is
            malformed: not six fields, a rank that is not an integer, a score that is not a finite
            number, a second tag, a snippet listed twice for one query, a JSON value of the wrong
            type; the message names the file, the line and the field.
    """
    path = Path(path).expanduser().resolve()
    if not path.is_file():
        raise DataError(path, "file not found")
    try:
        data = path.read_bytes()
        sha256 = hashlib.sha256(data).hexdigest()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
    except (OSError, EOFError) as exc:  # unreadable, or a damaged .gz
        raise DataError(path, f"cannot read: {exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(path, f"not UTF-8 text ({exc.reason})",
                        line=data.count(b"\n", 0, exc.start) + 1) from None
    head = text.lstrip()[:1]
    if not head:
        raise DataError(path, f"empty file; expected {_WHAT}")
    if head not in "{[":
        name, scores, orders = _read_trec(path, text)
        return RunFile(path, sha256, "trec", name, scores, _reordered(scores, orders))
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise json_error(path, exc) from None
    try:
        if isinstance(doc, dict) and "per_query" in doc:
            name, scores, orders = _read_execretrieval(doc)
            return RunFile(path, sha256, "execretrieval", name, scores, _reordered(scores, orders))
        return RunFile(path, sha256, "beir", None, _read_beir(doc))
    except _Bad as bad:
        raise DataError(path, bad.message, line=json_line(text, bad.where),
                        field=".".join(str(p) for p in bad.where) or None) from None


def _number(value: Any, where: Sequence[str | int]) -> float:
    """``value`` as a finite float, else :class:`_Bad` at ``where``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _Bad(where, f"expected a finite number, got {json.dumps(value)[:40]}")
    return float(value)


def _read_trec(path: Path, text: str
               ) -> tuple[str, dict[str, dict[str, float]], dict[str, list[tuple[int, int, str]]]]:
    """``(tag, scores, orders)`` of a TREC run; ``orders[qid]`` holds ``(rank, line, docid)``."""
    scores: dict[str, dict[str, float]] = {}
    orders: dict[str, list[tuple[int, int, str]]] = {}
    first: dict[tuple[str, str], int] = {}
    tag: tuple[str, int] | None = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != len(_TREC_FIELDS):
            raise DataError(path, f"expected {len(_TREC_FIELDS)} whitespace-separated fields "
                                  f"({' '.join(_TREC_FIELDS)}), got {len(fields)}", line=lineno)
        qid, _, docid, rank_text, score_text, name = fields
        try:
            position = int(rank_text)
        except ValueError:
            raise DataError(path, f"not an integer: {rank_text!r}", line=lineno, field="rank") from None
        try:
            score = _number(float(score_text), ())
        except (ValueError, _Bad):
            raise DataError(path, f"not a finite number: {score_text!r}", line=lineno,
                            field="score") from None
        if tag is None:
            tag = (name, lineno)
        elif name != tag[0]:
            raise DataError(path, f"tag {name!r} differs from {tag[0]!r} (line {tag[1]}): one "
                                  "file holds one system's run; give each system its own file",
                            line=lineno, field="tag")
        if (qid, docid) in first:
            raise DataError(path, f"{docid!r} is listed twice for query {qid!r} (first on line "
                                  f"{first[qid, docid]})", line=lineno, field="docid")
        first[qid, docid] = lineno
        scores.setdefault(qid, {})[docid] = score
        orders.setdefault(qid, []).append((position, lineno, docid))
    return tag[0], scores, orders


def _read_beir(doc: Any) -> dict[str, dict[str, float]]:
    """Scores of a BEIR results object ``{query_id: {doc_id: score}}``."""
    if not isinstance(doc, dict):
        raise _Bad((), f"expected a JSON object: {_WHAT}; got a JSON {type(doc).__name__}")
    scores: dict[str, dict[str, float]] = {}
    for qid, docs in doc.items():
        if not isinstance(docs, dict):
            raise _Bad((qid,), "expected an object {doc_id: score} (a BEIR results file; a file "
                               "with 'per_query' is read as an ExecRetrieval results file)")
        scores[qid] = {docid: _number(score, (qid, docid)) for docid, score in docs.items()}
    return scores


def _read_execretrieval(doc: dict[str, Any]
                        ) -> tuple[str | None, dict[str, dict[str, float]], dict[str, list[tuple[int, int, str]]]]:
    """``(model, scores, orders)`` of an ExecRetrieval results object; ``orders[qid]`` holds
    ``(rank, position in the list, corpus_id)``."""
    model = doc.get("model")
    if model is not None and not isinstance(model, str):
        raise _Bad(("model",), "expected a string")
    if not isinstance(doc["per_query"], list):
        raise _Bad(("per_query",), "expected a list of {query_id, top_results}")
    scores: dict[str, dict[str, float]] = {}
    orders: dict[str, list[tuple[int, int, str]]] = {}
    for i, entry in enumerate(doc["per_query"]):
        where = ("per_query", i)
        qid = entry.get("query_id") if isinstance(entry, dict) else None
        if not isinstance(qid, str):
            raise _Bad(where + ("query_id",) if isinstance(entry, dict) else where,
                       "missing or not a string")
        if qid in scores:
            raise _Bad(where + ("query_id",), f"query {qid!r} appears twice")
        results = entry.get("top_results")
        if not isinstance(results, list):
            raise _Bad(where + ("top_results",), "missing or not a list")
        scores[qid], orders[qid] = {}, []
        for j, item in enumerate(results):
            at = where + ("top_results", j)
            if not isinstance(item, dict):
                raise _Bad(at, "expected an object {rank, corpus_id, similarity}")
            sid, position = item.get("corpus_id"), item.get("rank")
            if not isinstance(sid, str):
                raise _Bad(at + ("corpus_id",), "missing or not a string")
            if isinstance(position, bool) or not isinstance(position, int):
                raise _Bad(at + ("rank",), "missing or not an integer")
            if sid in scores[qid]:
                raise _Bad(at + ("corpus_id",), f"{sid!r} is listed twice for query {qid!r}")
            scores[qid][sid] = _number(item.get("similarity"), at + ("similarity",))
            orders[qid].append((position, j, sid))
    return model, scores, orders


def _reordered(scores: dict[str, dict[str, float]],
               orders: dict[str, list[tuple[int, int, str]]]) -> tuple[str, ...]:
    """Query ids whose file order (rank column, then place in the file) is not execir's order."""
    return tuple(sorted(qid for qid, order in orders.items()
                        if [sid for _, _, sid in sorted(order)] != [sid for sid, _ in rank(scores[qid])]))


def json_line(text: str, where: Sequence[str | int]) -> int:
    """1-based line of ``text`` (one JSON document) where the value at ``where`` (object keys and
    list indices, outermost first) is written: the line of its key, or of a list element's first
    character; line 1 for the whole document.  A path that is not in the document stops at the
    deepest place found."""
    decoder = json.JSONDecoder()
    pos, found = _skip_space(text, 0), 0
    for step in where:
        opening = text[pos:pos + 1]
        if opening not in ("{", "[") or (opening == "{") != isinstance(step, str):
            break
        pos = _skip_space(text, pos + 1)
        index = 0
        while text[pos:pos + 1] not in ("}", "]", ""):
            start = pos
            if opening == "{":
                key, pos = json.decoder.scanstring(text, pos + 1)
                pos = _skip_space(text, _skip_space(text, pos) + 1)  # past ':'
                hit = key == step
            else:
                hit = index == step
            if hit:
                found = start
                break
            pos = _skip_space(text, decoder.raw_decode(text, pos)[1])
            pos = _skip_space(text, pos + 1) if text[pos:pos + 1] == "," else pos
            index += 1
        else:
            break
    return text.count("\n", 0, found) + 1


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos
