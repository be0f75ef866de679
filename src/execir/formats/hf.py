"""Hugging Face retrieval folders: write any benchmark as parquet configs with a dataset card, and
read such a folder back.

Layout (one split, ``test``; every file ``CONFIG/test.parquet``, mapped by the card's ``configs``):

* one-task sources (an execir release, a plain BEIR folder): ``corpus`` (``id``, ``title``,
  ``text``), ``queries`` (``id``, ``text``) and the qrels as ``default`` (``query-id``,
  ``corpus-id``, integer ``score``; file ``qrels/test.parquet``) -- what ``datasets.load_dataset``
  and MTEB 2.x's retrieval loader read;
* grouped (CoREB-kind) sources: ``{subtask}-corpus``, ``{subtask}-queries`` and ``{subtask}-qrels``
  per subtask (MTEB's per-subset names), the corpus the subtask ranks;
* execir's judge-side configs, which retrievers never read: ``query-info`` (each query's task and
  groups, as BEIR query metadata), ``document-info`` (each document's corpus, task and language),
  ``tasks`` (an execir release's oracle: tests, entry point, language per task; no canonical
  code) and ``exec-qrels`` (grouped sources without tests: per query, score 1 for each program of
  its problem that passes, CoREB's ``meta.passed``; a program of a problem without a query is
  read back as failing, which no score can see).

Corpus rows carry no label: which snippet is canonical, a distractor or passing is only in qrels.
Bytes are deterministic: fixed parquet settings, no timestamps, rows in benchmark order.
"""

from __future__ import annotations

import glob
import json
import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from execir.errors import DataError, UsageError
from execir.records import ABBREVIATED, CODE, FULL, TEXT, Benchmark, Query, Task, query_view, view_texts

CARD = "README.md"
SPLIT = "test"
QUERY_INFO, DOC_INFO, TASKS, EXEC = "query-info", "document-info", "tasks", "exec-qrels"
#: parquet settings of every file (the bytes depend on nothing else than the rows and pyarrow's version)
_PARQUET = {"compression": "zstd", "compression_level": 9, "row_group_size": 65536, "use_dictionary": False,
            "write_statistics": False, "data_page_version": "1.0"}


def _pyarrow() -> Any:
    """``pyarrow.parquet``; raises :class:`UsageError` (one line) when pyarrow is not installed."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError("Hugging Face folders need pyarrow: pip install 'execir[hf]'") from None
    return pq


def _write(path: Path, columns: Mapping[str, list[Any]], types: Mapping[str, str]) -> None:
    """Write one parquet file (``types``: ``string``, ``int32`` or ``strings`` = list of
    strings per column)."""
    pq = _pyarrow()
    import pyarrow as pa

    from execir.formats.files import atomic_write_bytes

    kinds = {"string": pa.string(), "int32": pa.int32(), "strings": pa.list_(pa.string())}
    schema = pa.schema([(name, kinds[types[name]]) for name in columns])
    table = pa.table({name: pa.array(values, type=kinds[types[name]]) for name, values in columns.items()},
                     schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, **_PARQUET)
    atomic_write_bytes(path, sink.getvalue().to_pybytes())


def _read(path: Path) -> list[dict[str, Any]]:
    """The rows of a parquet file; raises :class:`DataError` naming it when it cannot be read."""
    pq = _pyarrow()
    try:
        return pq.read_table(path).to_pylist()
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise DataError(path, f"not a readable parquet file ({exc})") from None


# ------------------------------------------------------------------------------------------ write

def _subsets(bench: Benchmark) -> list[tuple[str, list[Query]]]:
    """``[(config prefix, queries)]``: one per subtask in query order when every query sits in a
    CoREB split (t2c, c2t, c2c), else ``("", all)`` (a plain BEIR folder's ``beir`` queries).  A
    source with an oracle (an execir release) has no subtasks, so it is one subset ``""`` too.
    This is the export's layout, decided by the queries' directions, not by the benchmark's kind."""
    from execir.formats.coreb_names import SPLITS

    if not all(q.direction in SPLITS for q in bench.queries.values()):
        return [("", list(bench.queries.values()))]
    groups: dict[str, list[Query]] = {}
    for q in bench.queries.values():
        groups.setdefault(q.subtask, []).append(q)
    return list(groups.items())


def _retrieval_configs(bench: Benchmark, folder: Path) -> list[tuple[str, str]]:
    """Write the MTEB configs of every subset (a subset's corpus in the view its queries rank:
    c2t ``canonical_retro`` ranks the abbreviated descriptions); returns ``[(config, file)]``."""

    written = []
    for prefix, qs in _subsets(bench):
        names = (f"{prefix}-corpus", f"{prefix}-queries", f"{prefix}-qrels") if prefix else \
            ("corpus", "queries", "default")
        files = [f"{n if n != 'default' else 'qrels'}/{SPLIT}.parquet" for n in names]
        target, view = query_view(qs[0]) if prefix else (None, FULL)
        docs = [d for d in bench.corpus.values() if target is None or d.modality == target]
        texts = view_texts(bench, target, view) if target else {d.snippet_id: d.code for d in docs}
        _write(folder / files[0], {"id": [d.snippet_id for d in docs], "title": [""] * len(docs),
                                   "text": [texts[d.snippet_id] for d in docs]},
               {"id": "string", "title": "string", "text": "string"})
        _write(folder / files[1], {"id": [q.query_id for q in qs], "text": [q.text for q in qs]},
               {"id": "string", "text": "string"})
        _write(folder / files[2], *_qrels_columns({q.query_id: bench.qrels.get(q.query_id, {}) for q in qs}))
        written += list(zip(names, files))
    return written


def _qrels_columns(qrels: Mapping[str, Mapping[str, int]]) -> tuple[dict[str, list[Any]], dict[str, str]]:
    rows = [(q, d, int(r)) for q in sorted(qrels) for d, r in sorted(qrels[q].items())]
    return ({"query-id": [r[0] for r in rows], "corpus-id": [r[1] for r in rows], "score": [r[2] for r in rows]},
            {"query-id": "string", "corpus-id": "string", "score": "int32"})


def _judge_configs(bench: Benchmark, folder: Path) -> list[tuple[str, str]]:
    """Write execir's judge-side configs; returns ``[(config, file)]``."""
    from execir.formats.beir import doc_row, exec_qrels, query_row

    per_subset = _subsets(bench)[0][0] != ""  # the layout: MTEB configs per CoREB subset
    qmeta = [query_row(q)["metadata"] if per_subset else q.to_beir()["metadata"] for q in bench.queries.values()]
    files = {c: f"{c}/{SPLIT}.parquet" for c in (QUERY_INFO, DOC_INFO, TASKS, EXEC)}
    _write(folder / files[QUERY_INFO], {"id": list(bench.queries), "metadata": [_json(m) for m in qmeta]},
           {"id": "string", "metadata": "string"})
    docs = list(bench.corpus.values())
    _write(folder / files[DOC_INFO], {"id": [d.snippet_id for d in docs], "corpus": [d.modality for d in docs],
                                      "metadata": [_json(doc_row(d)["metadata"]) for d in docs]},
           {"id": "string", "corpus": "string", "metadata": "string"})
    out = [(QUERY_INFO, files[QUERY_INFO]), (DOC_INFO, files[DOC_INFO])]
    oracle = list(bench.tasks.values())  # the tests per query, where the source has them
    if oracle:
        _write_tasks(oracle, bench, folder / files[TASKS])
        out.append((TASKS, files[TASKS]))
    elif per_subset:
        _write(folder / files[EXEC], *_qrels_columns(exec_qrels(bench, list(bench.queries.values()))))
        out.append((EXEC, files[EXEC]))
    return out


def _write_tasks(tasks: Sequence[Task], bench: Benchmark, path: Path) -> None:
    """The oracle of an execir release (``tasks``, in task order), one row per task (no canonical
    code: it would name the canonical snippet)."""
    qid = {q.task_id: q.query_id for q in bench.queries.values()}
    _write(path, {"task-id": [t.task_id for t in tasks], "query-id": [qid.get(t.task_id, "") for t in tasks],
                  "entry_point": [t.entry_point for t in tasks], "language": [t.language for t in tasks],
                  "tests": [list(t.tests) for t in tasks], "domain": [t.domain or "" for t in tasks],
                  "source": [t.source for t in tasks], "metadata": [_json(t.metadata) for t in tasks]},
           {"task-id": "string", "query-id": "string", "entry_point": "string", "language": "string",
            "tests": "strings", "domain": "string", "source": "string", "metadata": "string"})


def _json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def write_hf(bench: Benchmark, folder: str | os.PathLike[str], source: str | os.PathLike[str]) -> list[str]:
    """Write ``bench`` (loaded from the folder ``source``) as a Hugging Face retrieval folder:
    the parquet configs of the module docstring, ``README.md`` (the dataset card), and the
    source's ``manifest.json`` and ``LICENSE`` copied byte for byte when it has them.  Returns
    the files written (relative POSIX paths, sorted).

    Raises:
        UsageError: pyarrow is not installed.  DataError: the source's build report is malformed.
    """
    import shutil

    from execir.formats.build_report import release_card
    from execir.formats.files import REPORT_FILE, atomic_write_text, write_json
    from execir.formats.hf_card import card_text

    folder, source = Path(folder), Path(source)
    configs = _retrieval_configs(bench, folder) + _judge_configs(bench, folder)
    extra = [n for n in ("manifest.json", "LICENSE") if (source / n).is_file()]
    for name in extra:
        shutil.copyfile(source / name, folder / name)
    card = release_card(source)
    if isinstance(card, dict):  # the card alone (aggregates, no snippet ids): a run of the export reads it
        write_json(folder / REPORT_FILE, {"probe_card": card})
        extra.append(REPORT_FILE)
    atomic_write_text(folder / CARD, card_text(bench, source, configs, {f: _count(folder / f) for _, f in configs}))
    return sorted([f for _, f in configs] + extra + [CARD])


def _count(path: Path) -> int:
    return int(_pyarrow().read_metadata(path).num_rows)


# ------------------------------------------------------------------------------------------- read

def hf_configs(folder: str | os.PathLike[str]) -> dict[str, list[Path]] | None:
    """``{config: [parquet files of split test]}`` from the ``configs`` of ``folder/README.md``'s
    YAML front matter, or None when the folder has no card with configs (not a Hugging Face
    folder).  ``data_files`` may be a path, a list of paths or of ``{split, path}`` items
    (paths are globs relative to the folder); a config with several splits uses ``test``.

    Raises:
        DataError: a card whose front matter is not YAML.
    """
    card = Path(folder) / CARD
    if not card.is_file():
        return None
    head = card.read_text(encoding="utf-8", errors="replace")
    if not head.startswith("---\n") or "\n---" not in head[4:]:
        return None
    import yaml

    try:
        meta = yaml.safe_load(head[4:head.index("\n---", 4)])
    except yaml.YAMLError as exc:
        raise DataError(card, f"front matter is not YAML ({str(exc).splitlines()[0]})") from None
    configs = meta.get("configs") if isinstance(meta, dict) else None
    if not isinstance(configs, list):
        return None
    out = {}
    for item in configs:
        if isinstance(item, dict) and isinstance(item.get("config_name"), str):
            out[item["config_name"]] = [Path(folder) / p for p in _split_paths(item.get("data_files"), Path(folder))]
    return out


def _split_paths(spec: Any, folder: Path) -> list[str]:
    """The relative files of split ``test`` (or the only split) that a ``data_files`` names."""
    if isinstance(spec, str):
        patterns = [spec]
    elif isinstance(spec, list) and all(isinstance(s, str) for s in spec):
        patterns = list(spec)
    elif isinstance(spec, list):
        splits = {s.get("split"): s.get("path") for s in spec if isinstance(s, dict)}
        chosen = splits.get(SPLIT, next(iter(splits.values())) if len(splits) == 1 else None)
        patterns = [chosen] if isinstance(chosen, str) else list(chosen or [])
    else:
        patterns = []
    files: list[str] = []
    for pattern in patterns:
        files += sorted(Path(p).relative_to(folder).as_posix() for p in glob.glob(str(folder / pattern)))
    return files


def is_hf_folder(folder: str | os.PathLike[str]) -> bool:
    """True for a folder whose card's configs name a corpus (``corpus`` or ``*-corpus``)."""
    configs = hf_configs(folder) if Path(folder).is_dir() else None
    return bool(configs) and any(c == "corpus" or c.endswith("-corpus") for c in configs)


def hf_files(folder: str | os.PathLike[str]) -> list[str]:
    """Every file a :func:`load_hf` of ``folder`` reads (relative POSIX paths, sorted): the card,
    the configs' parquet files, ``manifest.json``, ``LICENSE`` and ``build_report.json`` (the
    probe card alone) when present."""
    folder = Path(folder)
    names = {CARD, *(n for n in ("manifest.json", "LICENSE", "build_report.json") if (folder / n).is_file())}
    for files in (hf_configs(folder) or {}).values():
        names.update(p.relative_to(folder).as_posix() for p in files)
    return sorted(names)


def _rows(configs: Mapping[str, list[Path]], names: Iterable[str]) -> Iterable[tuple[Path, int, dict[str, Any]]]:
    for name in names:
        for path in configs[name]:
            for i, row in enumerate(_read(path), start=1):
                yield path, i, row


def _text(path: Path, row_no: int, row: Mapping[str, Any], name: str, *, required: bool = True) -> str:
    value = row.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (name == "id" and not value):
        raise DataError(path, "missing or not a string" if not isinstance(value, str) else "empty",
                        line=row_no, field=name)
    return value


def _info(configs: Mapping[str, list[Path]], name: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """``{id: (corpus, metadata)}`` of a judge-side info config (empty when absent)."""
    out = {}
    for path, i, row in _rows(configs, [name] if name in configs else []):
        try:
            meta = json.loads(_text(path, i, row, "metadata"))
        except json.JSONDecodeError as exc:
            raise DataError(path, f"not JSON ({exc.msg})", line=i, field="metadata") from None
        out[_text(path, i, row, "id")] = (str(row.get("corpus") or ""), meta if isinstance(meta, dict) else {})
    return out


def _qrels(configs: Mapping[str, list[Path]], names: Iterable[str], queries: Mapping[str, Any],
           docs: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """The qrels rows of ``names``, checked against ``queries`` and ``docs``."""
    qrels: dict[str, dict[str, int]] = {}
    for path, i, row in _rows(configs, names):
        qid, did, score = _text(path, i, row, "query-id"), _text(path, i, row, "corpus-id"), row.get("score")
        if isinstance(score, bool) or not isinstance(score, int):
            raise DataError(path, f"not an integer: {score!r}", line=i, field="score")
        if qid not in queries:
            raise DataError(path, f"query {qid!r} is not in a queries config", line=i, field="query-id")
        if did not in docs:
            raise DataError(path, f"document {did!r} is not in a corpus config", line=i, field="corpus-id")
        qrels.setdefault(qid, {})[did] = score
    return qrels


def _tasks(configs: Mapping[str, list[Path]], queries: Mapping[str, Query]) -> dict[str, Task]:
    """The oracle of a ``tasks`` config (empty when absent); a task's query text is its query's."""
    from execir.records import RecordError

    tasks = {}
    for path, i, row in _rows(configs, [TASKS] if TASKS in configs else []):
        q = queries.get(str(row.get("query-id")))
        try:
            meta = json.loads(_text(path, i, row, "metadata"))
            task = Task.from_dict({"task_id": row.get("task-id"), "query": q.text if q else "", "canonical": "",
                                   "entry_point": row.get("entry_point"), "tests": row.get("tests"),
                                   "language": row.get("language"), "domain": row.get("domain") or None,
                                   "source": row.get("source") or "", "metadata": meta})
        except RecordError as exc:
            raise DataError(path, exc.detail, line=i, field=exc.field.replace("task_id", "task-id")) from None
        except json.JSONDecodeError as exc:
            raise DataError(path, f"not JSON ({exc.msg})", line=i, field="metadata") from None
        tasks[task.task_id] = task
    return tasks


def _in_order(items: dict[str, Any], info: Mapping[str, Any]) -> dict[str, Any]:
    """``items`` in the order of the judge-side ``info`` config (the source's own order, which
    per-subset configs lose), those it does not list after them in read order."""
    return {**{k: items[k] for k in info if k in items}, **{k: v for k, v in items.items() if k not in info}}


def _read_queries(configs: Mapping[str, list[Path]], prefixes: Sequence[str], query_info: Mapping[str, Any],
                  *, target: str, subtask: str) -> tuple[dict[str, Query], set[str]]:
    """``(queries, abbreviated prefixes)``: every query config's queries (an execir release's when
    there is a ``tasks`` config, else :func:`execir.formats.beir.beir_query`), and the subsets
    whose queries rank the abbreviated descriptions (c2t ``canonical_retro``)."""
    from execir.formats.beir import beir_query

    queries: dict[str, Query] = {}
    abbreviated = set()
    for prefix in prefixes:
        name = f"{prefix}queries" if prefix or "queries" in configs else "query"
        for path, i, row in _rows(configs, [name] if name in configs else []):
            qid, text = _text(path, i, row, "id"), _text(path, i, row, "text")
            meta = query_info.get(qid, ("", {}))[1]
            if qid in queries:
                raise DataError(path, f"query {qid!r} appears twice", line=i, field="id")
            queries[qid] = Query.from_beir({"_id": qid, "text": text, "metadata": meta}) if TASKS in configs \
                else beir_query(qid, text, meta, target=target, subtask=subtask)
            if prefix and query_view(queries[qid])[1] == ABBREVIATED:
                abbreviated.add(prefix)
    return queries, abbreviated


def _read_docs(configs: Mapping[str, list[Path]], prefixes: Sequence[str], abbreviated: set[str],
               doc_info: Mapping[str, Any], target: str) -> dict[str, Any]:
    """Every corpus config's documents; a subset of ``abbreviated`` gives its rows' text as the
    documents' abbreviated form (when it differs from the full text another subset gives)."""
    from dataclasses import replace

    from execir.formats.beir import beir_doc

    docs: dict[str, Any] = {}
    full = [p for p in prefixes if p not in abbreviated]
    for path, i, row in _rows(configs, [f"{p}corpus" for p in full + [p for p in prefixes if p in abbreviated]]):
        did, text = _text(path, i, row, "id"), _text(path, i, row, "text")
        corpus, meta = doc_info.get(did, ("", {}))
        doc = beir_doc(did, text, _text(path, i, row, "title", required=False), meta, corpus or target)
        if did not in docs:
            docs[did] = doc
        elif path.parent.name[:-len("corpus")] in abbreviated:
            docs[did] = replace(docs[did], abbreviated=doc.code if doc.code != docs[did].code else None)
        elif docs[did].code != doc.code:
            raise DataError(path, f"document {did!r} differs from its row in another corpus config", line=i,
                            field="text")
    return docs


def load_hf(folder: str | os.PathLike[str], *, name: str | None = None, target: str = TEXT) -> Benchmark:
    """Read a Hugging Face retrieval folder (module docstring): every corpus, queries and qrels
    config (``corpus``/``queries``/``default``, or ``{subset}-...``) into one benchmark, with
    execir's judge-side configs when present.  Without them, documents belong to ``target`` and
    queries are plain BEIR queries (:func:`execir.formats.beir.beir_query`).  The name is the
    ``manifest.json``'s, else ``name``, else the folder's.

    Raises:
        UsageError: pyarrow is not installed.
        DataError: no corpus config, a missing or malformed column (file, row, field), an id
            twice, or a qrel naming an unknown query or document.
    """
    from execir.formats.beir import with_passed
    from execir.formats.files import read_json

    folder = Path(folder)
    configs = hf_configs(folder) or {}
    prefixes = [c[:-len("corpus")] for c in configs if c == "corpus" or c.endswith("-corpus")]
    if not prefixes:
        raise DataError(folder / CARD, "no corpus config (corpus, or SUBSET-corpus)", field="configs")
    doc_info, query_info = _info(configs, DOC_INFO), _info(configs, QUERY_INFO)
    queries, abbreviated = _read_queries(configs, prefixes, query_info, target=target,
                                         subtask=f"beir_{name or folder.name}")
    docs = _read_docs(configs, prefixes, abbreviated, doc_info, target)
    qrels = _qrels(configs, [f"{p}qrels" if p else ("default" if "default" in configs else "qrels")
                             for p in prefixes], queries, docs)
    if EXEC in configs:
        judged = _qrels(configs, [EXEC], queries, docs)
        for modality in (CODE, TEXT):
            docs.update(with_passed({d: s for d, s in docs.items() if s.modality == modality}, modality, judged))
    queries, docs = _in_order(queries, query_info), _in_order(docs, doc_info)
    manifest = read_json(folder / "manifest.json") if (folder / "manifest.json").is_file() else {}
    # the source's manifest, less its recorded labels (their labels.jsonl is not in the folder: the oracle runs)
    manifest = {k: v for k, v in manifest.items() if k != "labels"} if isinstance(manifest, dict) else {}
    return Benchmark(name=str(manifest.get("name") or name or folder.name), queries=queries, corpus=docs,
                     qrels=qrels, tasks=_tasks(configs, queries), manifest=manifest)
