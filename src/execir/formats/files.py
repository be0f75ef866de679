"""Reading and writing execir's files: JSONL, BEIR release folders, run files, manifests.

Every write is atomic (write to a temporary file in the same folder, fsync, ``os.replace``), so a
crash never leaves a half-written file where a complete one was.  Every read of user-supplied data
raises :class:`DataError` whose message names the file, the 1-based line and the field.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io as _io
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TypeVar

from execir.errors import DataError, UsageError, json_error
from execir.records import Benchmark, Query, Qrels, RecordError, Run, Snippet, Task

T = TypeVar("T")

QRELS_FILE = Path("qrels") / "test.tsv"
RELEASE_FILES = ("queries.jsonl", "corpus.jsonl", "qrels/test.tsv", "tasks.jsonl")
#: verified stacked mutants of a release (``execir build --stacked``), one JSON object per line;
#: optional, hashed in the manifest when present.
STACKED_FILE = "stacked.jsonl"
#: the execution labels a release knows (every qrels pair's per-test outcomes, as the build ran
#: them), one ``{"query_id", "snippet_id", "outcomes"}`` object per line; hashed in the manifest.
LABELS_FILE = "labels.jsonl"
#: the build report of a release (counts, gates, the probe card); not hashed in the manifest
REPORT_FILE = "build_report.json"


# --------------------------------------------------------------------------------------- writing

#: the longest JSONL line :func:`iter_jsonl` reads by default (bytes)
MAX_LINE_BYTES = 4 * 2**20
#: environment variable setting another limit
MAX_LINE_ENV = "EXECIR_MAX_LINE_BYTES"


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file + fsync + rename); creates parent folders.

    Raises:
        OSError: the write failed (a full disk, say); ``filename`` is ``path``, and ``path`` is
            as it was.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; results are meant to be shared
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.filename is None and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror, str(path)) from exc  # name the file
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Atomic UTF-8 text write (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def dumps_json(obj: Any) -> str:
    """Canonical JSON for files: sorted keys, 2-space indent, trailing newline, UTF-8 kept."""
    return json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def write_json(path: str | os.PathLike[str], obj: Any) -> None:
    """Atomically write ``obj`` as canonical JSON."""
    atomic_write_text(path, dumps_json(obj))


def write_jsonl(path: str | os.PathLike[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """Atomically write one compact, key-sorted JSON object per line."""
    buf = _io.StringIO()
    for row in rows:
        buf.write(json.dumps(row, sort_keys=True, ensure_ascii=False, separators=(",", ":")))
        buf.write("\n")
    atomic_write_text(path, buf.getvalue())


# --------------------------------------------------------------------------------------- reading

def max_line_bytes() -> int:
    """The longest JSONL line read (bytes): ``$EXECIR_MAX_LINE_BYTES``, else
    :data:`MAX_LINE_BYTES`.  Raises DataError when the variable is not a positive integer."""
    text = os.environ.get(MAX_LINE_ENV)
    if text is None:
        return MAX_LINE_BYTES
    if not text.strip().isdigit() or int(text) <= 0:
        raise DataError(MAX_LINE_ENV, f"not a positive number of bytes: {text!r}")
    return int(text)


def _lines(fh: Any, limit: int) -> Iterator[bytes]:
    """The lines of binary ``fh``, none read past ``limit + 1`` bytes."""
    while True:
        data = fh.readline(limit + 1)
        if not data:
            return
        yield data


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_number, object)`` for each non-blank line of a JSONL file (``.gz`` allowed;
    one leading UTF-8 BOM is dropped).

    Raises:
        DataError: the file is missing or unreadable, or a line is longer than
            :func:`max_line_bytes`, not UTF-8 (naming that line), not JSON, or not a JSON object.
    """
    path = Path(path)
    if not path.is_file():
        raise DataError(path, "file not found")
    limit = max_line_bytes()
    try:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rb") as fh:
            for lineno, data in enumerate(_lines(fh, limit), start=1):
                if len(data.rstrip(b"\r\n")) > limit:
                    raise DataError(path, f"line longer than {limit:,} bytes (a query, snippet or "
                                          f"test this long is not code search; set "
                                          f"{MAX_LINE_ENV} to allow longer lines)", line=lineno)
                try:
                    raw = data.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise DataError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start + 1} "
                                          "of the line)", line=lineno) from None
                if lineno == 1 and raw.startswith("\ufeff"):  # one UTF-8 BOM (Windows editors)
                    raw = raw[1:]
                if not raw.strip():
                    continue
                try:
                    obj = json.loads(raw)
                except json.JSONDecodeError as exc:
                    raise json_error(path, exc, line=lineno) from None
                if not isinstance(obj, dict):
                    raise DataError(path, f"expected a JSON object, got {type(obj).__name__}",
                                    line=lineno)
                yield lineno, obj
    except (OSError, EOFError) as exc:  # unreadable, or a damaged .gz
        raise DataError(path, f"cannot read: {exc}") from None


def read_records(path: str | os.PathLike[str], parse: Callable[[dict[str, Any]], T]) -> list[T]:
    """Parse each JSONL line with ``parse``; a :class:`RecordError` becomes a :class:`DataError`
    naming the file, line and field."""
    out: list[T] = []
    for lineno, obj in iter_jsonl(path):
        try:
            out.append(parse(obj))
        except RecordError as exc:
            raise DataError(path, exc.detail, line=lineno, field=exc.field) from None
    return out


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file (one leading UTF-8 BOM dropped); raises :class:`DataError` when missing
    or malformed."""
    path = Path(path)
    if not path.is_file():
        raise DataError(path, "file not found")
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise json_error(path, exc) from None


# ------------------------------------------------------------------------------------------ qrels

def format_qrels(qrels: Qrels) -> str:
    """BEIR qrels TSV (header ``query-id corpus-id score``), rows sorted by query id then corpus id."""
    lines = ["query-id\tcorpus-id\tscore"]
    for qid in sorted(qrels):
        for sid in sorted(qrels[qid]):
            lines.append(f"{qid}\t{sid}\t{int(qrels[qid][sid])}")
    return "\n".join(lines) + "\n"


def read_qrels(path: str | os.PathLike[str]) -> Qrels:
    """Read a BEIR qrels TSV (header optional; ``.gz`` allowed); raises :class:`DataError` on a
    malformed row."""
    path = Path(path)
    if not path.is_file():
        raise DataError(path, "file not found")
    qrels: Qrels = {}
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8-sig", newline="") as fh:  # a leading BOM dropped
        for lineno, row in enumerate(csv.reader(fh, delimiter="\t"), start=1):
            if not row or (lineno == 1 and row[0] == "query-id"):
                continue
            if len(row) != 3:
                raise DataError(path, f"expected 3 tab-separated columns, got {len(row)}", line=lineno)
            try:
                level = int(row[2])
            except ValueError:
                raise DataError(path, f"not an integer: {row[2]!r}", line=lineno, field="score") from None
            qrels.setdefault(row[0], {})[row[1]] = level
    return qrels


# ---------------------------------------------------------------------------------------- release

def sha256_file(path: str | os.PathLike[str]) -> str:
    """Hex SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_hashes(folder: str | os.PathLike[str], names: Iterable[str]) -> dict[str, str]:
    """``{relative name: sha256}`` for the given files of ``folder``."""
    folder = Path(folder)
    return {name: sha256_file(folder / name) for name in sorted(names)}


@dataclass(frozen=True)
class ReleaseLayout:
    """How one kind of release lays out its benchmark files (:func:`write_release`).

    Attributes:
        format: the manifest's ``format`` (``execir-release/1``; a multitask release's
            ``execir-multitask-release/1``, :data:`execir.construction.multitask.LAYOUT`).
        write: ``write(folder, name, queries, corpus, qrels) -> names`` writes the query, corpus
            and qrels files (lists in the order given) and returns their relative names.
        counts: ``counts(name, queries, corpus, qrels, task_rows) -> dict``, the manifest's ``counts``.
        task_row: ``task_row(task) -> dict``, one line of ``tasks.jsonl``.
    """

    format: str
    write: Callable[[Path, str, list[Query], list[Snippet], Qrels], Sequence[str]]
    counts: Callable[[str, list[Query], list[Snippet], Qrels, list[dict[str, Any]]], dict[str, Any]]
    task_row: Callable[[Any], dict[str, Any]]


def _write_beir_files(folder: Path, name: str, queries: list[Query], corpus: list[Snippet],
                      qrels: Qrels) -> list[str]:
    write_jsonl(folder / "queries.jsonl", (q.to_beir() for q in queries))
    write_jsonl(folder / "corpus.jsonl", (s.to_beir() for s in corpus))
    atomic_write_text(folder / QRELS_FILE, format_qrels(qrels))
    return [n for n in RELEASE_FILES if n != "tasks.jsonl"]


def _release_counts(name: str, queries: list[Query], corpus: list[Snippet], qrels: Qrels,
                    tasks: list[dict[str, Any]]) -> dict[str, Any]:
    return {"queries": len(queries), "corpus": len(corpus),
            "canonicals": sum(1 for s in corpus if s.kind == "canonical"),
            "distractors": sum(1 for s in corpus if s.kind == "distractor"),
            "qrels": sum(len(v) for v in qrels.values()), "tasks": len(tasks)}


#: an execir (single-task) release: BEIR files, its tasks as :class:`Task` records
EXECIR_LAYOUT = ReleaseLayout("execir-release/1", _write_beir_files, _release_counts, lambda t: t.to_dict())


def write_release(folder: str | os.PathLike[str], *, name: str, queries: Iterable[Query],
                  corpus: Iterable[Snippet], qrels: Qrels, tasks: Iterable[Any],
                  manifest_extra: Mapping[str, Any] | None = None,
                  extra_files: Sequence[str] = (), layout: ReleaseLayout = EXECIR_LAYOUT) -> dict[str, Any]:
    """Write a release folder of any kind and its ``manifest.json``; ``layout`` is what kinds
    differ in (default :data:`EXECIR_LAYOUT`: a BEIR-compatible single-task release).

    Files: the layout's query, corpus and qrels files (``queries.jsonl``, ``corpus.jsonl``,
    ``qrels/test.tsv``), ``tasks.jsonl`` (one ``layout.task_row`` per task) and ``manifest.json``
    (name, format, counts, SHA-256 of every other file, plus ``manifest_extra``).  Rows are written
    in the order given; the caller supplies a deterministic order.  The manifest is written last,
    so a folder with a manifest whose hashes match is a complete release.  ``extra_files``: names
    of files the caller has already written into ``folder`` (e.g. ``stacked.jsonl``) that the
    manifest's hashes must cover too.

    Returns:
        the manifest dictionary.

    Raises:
        OSError: a write failed (the manifest is then not written).
        UsageError: the layout refuses the benchmark (a multitask query without a CoREB split).
    """
    folder = Path(folder)
    queries, corpus = list(queries), list(corpus)
    rows = [layout.task_row(t) for t in tasks]
    names = list(layout.write(folder, name, queries, corpus, qrels))
    write_jsonl(folder / "tasks.jsonl", rows)
    manifest: dict[str, Any] = dict(manifest_extra or {})
    manifest.update({"name": name, "format": layout.format,
                     "counts": layout.counts(name, queries, corpus, qrels, rows),
                     "sha256": file_hashes(folder, [*names, "tasks.jsonl", *extra_files])})
    write_json(folder / "manifest.json", manifest)
    return manifest


def verify_release(folder: str | os.PathLike[str]) -> dict[str, Any]:
    """Check that ``manifest.json`` exists and every listed file matches its SHA-256.

    Returns the manifest.  Raises :class:`DataError` naming the first file that is missing or differs.
    """
    folder = Path(folder)
    manifest = read_json(folder / "manifest.json")
    hashes = manifest.get("sha256") if isinstance(manifest, dict) else None
    if not isinstance(hashes, dict):
        raise DataError(folder / "manifest.json", "missing", field="sha256")
    for name, expected in hashes.items():
        target = folder / name
        if not target.is_file():
            raise DataError(target, "listed in manifest.json but missing")
        if sha256_file(target) != expected:
            raise DataError(target, "SHA-256 differs from manifest.json (file changed or truncated)")
    return manifest


def load_benchmark(folder: str | os.PathLike[str], *, verify: bool = True) -> Benchmark:
    """Load a release folder written by :func:`write_release`.

    Args:
        folder: the release folder.
        verify: check every file's SHA-256 against the manifest first.

    Raises:
        DataError: a file is missing, malformed, or (with ``verify``) differs from the manifest.
    """
    folder = Path(folder)
    manifest = verify_release(folder) if verify else read_json(folder / "manifest.json")
    queries = {q.query_id: q for q in read_records(folder / "queries.jsonl", Query.from_beir)}
    corpus = {s.snippet_id: s for s in read_records(folder / "corpus.jsonl", Snippet.from_beir)}
    tasks = read_records(folder / "tasks.jsonl", Task.from_dict)
    qrels = read_qrels(folder / QRELS_FILE)
    _check_qrels_references(folder / QRELS_FILE, qrels, queries, corpus)
    return Benchmark(
        name=str(manifest.get("name", folder.name)),
        queries=queries,
        corpus=corpus,
        qrels=qrels,
        tasks={t.task_id: t for t in tasks},
        manifest=manifest,
    )


def _check_qrels_references(path: Path, qrels: Qrels, queries: Mapping[str, Any],
                            corpus: Mapping[str, Any]) -> None:
    """Raise :class:`DataError` (file, line, field) for a qrel naming an unknown query or snippet."""
    if all(q in queries and all(s in corpus for s in row) for q, row in qrels.items()):
        return
    with path.open("r", encoding="utf-8-sig", newline="") as fh:
        for lineno, row in enumerate(csv.reader(fh, delimiter="\t"), start=1):
            if len(row) != 3 or (lineno == 1 and row[0] == "query-id"):
                continue
            if row[0] not in queries:
                raise DataError(path, f"query {row[0]!r} is not in queries.jsonl", line=lineno,
                                field="query-id")
            if row[1] not in corpus:
                raise DataError(path, f"snippet {row[1]!r} is not in corpus.jsonl", line=lineno,
                                field="corpus-id")


# ------------------------------------------------------------------------------------------- runs

def write_run(path: str | os.PathLike[str], run: Run) -> None:
    """Write a run as JSONL: one ``{"query_id", "results": [{"id", "score", "rank",
    "rank_score"}]}`` per query, queries sorted by id, results in rank order (rank is 1-based).

    ``score`` is the system's own score, which can tie; ``rank_score`` counts down from the
    list's length to 1, so it has no ties and orders the list as execir ranked it (score
    descending, then id ascending: :mod:`execir.ranking`).  Other evaluators break ties their own
    way (trec_eval and pytrec_eval by document id descending), so fed ``score`` they can disagree
    with execir on tied lists; fed ``rank_score`` they agree."""
    rows = []
    for qid in sorted(run):
        n = len(run[qid])
        rows.append({
            "query_id": qid,
            "results": [{"id": sid, "rank": i + 1, "rank_score": n - i, "score": float(score)}
                        for i, (sid, score) in enumerate(run[qid])],
        })
    write_jsonl(path, rows)


def read_run(path: str | os.PathLike[str]) -> Run:
    """Read a run written by :func:`write_run`; raises :class:`DataError` on a malformed line."""
    run: Run = {}
    for lineno, obj in iter_jsonl(path):
        qid = obj.get("query_id")
        if not isinstance(qid, str):
            raise DataError(path, "missing or not a string", line=lineno, field="query_id")
        results = obj.get("results")
        if not isinstance(results, list):
            raise DataError(path, "missing or not a list", line=lineno, field="results")
        items = []
        for item in results:
            if not isinstance(item, dict) or not isinstance(item.get("id"), str) \
                    or not isinstance(item.get("score"), (int, float)):
                raise DataError(path, "each result needs string 'id' and numeric 'score'",
                                line=lineno, field="results")
            items.append((item["id"], float(item["score"])))
        run[qid] = items
    return run
