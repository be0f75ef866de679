"""Multitask source folders: which format a folder holds, loading it, and copying it.

A results folder of a multitask run keeps a copy of the benchmark it scored under ``release/``
(:func:`copy_source`: the source's own files, byte for byte), so ``execir reproduce`` and
``execir compare`` need nothing but the results folder, as for single-task results.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from execir.errors import DataError
from execir.formats.files import read_json, verify_release
from execir.formats.beir import beir_file, doc_row, load_beir, query_row, write_beir
from execir.formats.coreb import (ANCHOR_MAP, CODE_CORPUS, TASK_FILES, TEXT_CORPUS, load_coreb,
                                           write_coreb_folder)
from execir.formats.coreb_names import SPLITS
from execir.formats.execretrieval import BUNDLE, bundle_files, is_bundle, load_bundle
from execir.records import TEXT, Benchmark

COREB = "coreb"
BEIR = "beir"
RELEASE = "release"
#: the public ExecRetrieval release layout (:mod:`execir.formats.execretrieval`)
EXECRETRIEVAL = BUNDLE
#: a Hugging Face retrieval folder (:mod:`execir.formats.hf`)
HF = "hf"


@dataclass(frozen=True)
class FolderFormat:
    """One kind of source folder: how it is recognised, loaded and which of its files a load reads.

    Attributes:
        name: the kind (:data:`COREB`, :data:`BEIR`, ...), as :func:`folder_format` returns it.
        describe: what the folder holds, for messages.
        detect: ``detect(path) -> bool`` for a folder.
        load: ``load(path, name, target) -> Benchmark``; None for an execir release
            (:func:`execir.formats.files.load_benchmark` reads it).
        files: ``files(path) -> iterable of relative POSIX paths`` a load reads.
    """

    name: str
    describe: str
    detect: Callable[[Path], bool]
    load: Callable[[Path, str | None, str], Benchmark] | None = None
    files: Callable[[Path], Iterable[str]] | None = None


def _is_coreb(path: Path) -> bool:
    return any((path / q).is_file() or (path / r).is_file() for _, q, r in TASK_FILES)


def _is_beir(path: Path) -> bool:
    return beir_file(path, "corpus.jsonl").is_file() and beir_file(path, "queries.jsonl").is_file()


def _read_coreb_folder(path: Path, name: str | None, target: str) -> Benchmark:
    manifest = verify_release(path) if (path / "manifest.json").is_file() else {}
    return load_coreb(path, name=name or str(manifest.get("name", path.name)), manifest=manifest)


def _coreb_files(path: Path) -> set[str]:
    names = {n for n in (CODE_CORPUS, TEXT_CORPUS, "code_corpus.jsonl", "text_corpus.jsonl",
                         ANCHOR_MAP, "manifest.json") if (path / n).is_file()}
    names.update(n for _, q, r in TASK_FILES for n in (q, r) if (path / n).is_file())
    if (path / "manifest.json").is_file():
        manifest = read_json(path / "manifest.json")
        sha: Mapping[str, Any] = manifest.get("sha256", {}) if isinstance(manifest, dict) else {}
        names.update(n for n in sha if (path / n).is_file())
    return names


def _beir_files(path: Path) -> set[str]:
    names = {beir_file(path, n).relative_to(path).as_posix() for n in ("corpus.jsonl", "queries.jsonl")}
    if (path / "qrels").is_dir():
        names.update(f"qrels/{p.name}" for p in (path / "qrels").iterdir()
                     if p.is_file() and p.name.endswith((".tsv", ".tsv.gz")))
    return names


def _is_hf(path: Path) -> bool:
    from execir.formats.hf import is_hf_folder

    return is_hf_folder(path)


def _load_hf(path: Path, name: str | None, target: str) -> Benchmark:
    from execir.formats.hf import load_hf

    return load_hf(path, name=name, target=target)


def _hf_files(path: Path) -> list[str]:
    from execir.formats.hf import hf_files

    return hf_files(path)


#: every source folder format, in the order a folder is tested (the first that matches wins)
FORMATS: tuple[FolderFormat, ...] = (
    FolderFormat(COREB, "a CoREB-format folder (*_queries.jsonl)", _is_coreb, _read_coreb_folder, _coreb_files),
    FolderFormat(RELEASE, "an execir release folder (tasks.jsonl, manifest.json)",
                 lambda p: (p / "tasks.jsonl").is_file() and (p / "manifest.json").is_file()),
    FolderFormat(BEIR, "a BEIR folder (corpus.jsonl, queries.jsonl)", _is_beir,
                 lambda p, name, target: load_beir(p, name=name, target=target), _beir_files),
    FolderFormat(EXECRETRIEVAL, "an ExecRetrieval release (data/queries.jsonl, data/corpus.jsonl)", is_bundle,
                 lambda p, name, target: load_bundle(p, name=name), bundle_files),
    FolderFormat(HF, "a Hugging Face folder (README.md whose configs name a corpus)", _is_hf, _load_hf, _hf_files),
)
_BY_NAME = {f.name: f for f in FORMATS}
#: the formats a source folder may have, for messages: "an execir release folder (...), ... or ..."
KNOWN = ", ".join(f.describe for f in FORMATS[:-1]) + " or " + FORMATS[-1].describe


def folder_format(path: str | os.PathLike[str]) -> str | None:
    """The :class:`FolderFormat` name of the folder ``path`` (the first of :data:`FORMATS` whose
    ``detect`` accepts it), or None (not a folder, or none of these)."""
    path = Path(path)
    if not path.is_dir():
        return None
    return next((f.name for f in FORMATS if f.detect(path)), None)


def _other_format(path: Path, fmt: str | None = None) -> FolderFormat:
    """The :class:`FolderFormat` named ``fmt`` (detected when None) of a folder other than a release.

    Raises:
        DataError: none, or an execir release (read by :func:`execir.formats.files.load_benchmark`).
    """
    found = _BY_NAME.get(fmt or folder_format(path) or "")
    if found is None or found.load is None:
        raise DataError(path, f"not {', '.join(f.describe for f in FORMATS if f.load)}")
    return found


def load_folder(path: str | os.PathLike[str], *, name: str | None = None,
                target: str = TEXT, fmt: str | None = None) -> Benchmark:
    """The benchmark in a source folder other than an execir release (:data:`FORMATS`; a CoREB
    folder with a ``manifest.json`` is checked against its SHA-256 first; ``name`` names the
    benchmark unless the folder's manifest does; ``target`` is the corpus a plain BEIR or Hugging
    Face folder's documents belong to, see :func:`execir.formats.beir.load_beir`; ``fmt``: the
    folder's format when the caller detected it already, :func:`folder_format`).

    Raises:
        DataError: not such a folder, a malformed file, or a file that differs from its manifest.
        UsageError: a Hugging Face folder without pyarrow installed.
    """
    path = Path(path)
    return _other_format(path, fmt).load(path, name, target)


def source_files(path: str | os.PathLike[str]) -> list[str]:
    """The files of a source folder other than an execir release that its loader reads (relative
    POSIX paths, sorted): for a CoREB folder the corpora, query and qrels files, anchor map and
    manifest (with every file the manifest lists); ``corpus``, ``queries`` and ``qrels/*.tsv``
    (plain or ``.gz``) of a BEIR folder; the ``data/`` files of an ExecRetrieval release; the card
    and its configs' files of a Hugging Face folder.

    Raises:
        DataError: not such a folder.
    """
    path = Path(path)
    return sorted(set(_other_format(path).files(path)))


def copy_source(path: str | os.PathLike[str], dest: str | os.PathLike[str]) -> list[str]:
    """Copy the files :func:`source_files` names from ``path`` into ``dest`` (created); returns
    them."""
    path, dest = Path(path), Path(dest)
    names = source_files(path)
    for rel in names:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path / rel, dest / rel)
    return names


def write_copy(bench: Benchmark, dest: str | os.PathLike[str]) -> None:
    """Write ``bench`` into ``dest`` so that :func:`load_folder` reads the same benchmark back:
    CoREB files when every query has a CoREB task, else one BEIR folder (a plain BEIR
    benchmark)."""
    if all(q.direction in SPLITS for q in bench.queries.values()):
        write_coreb_folder(dest, bench)
        return
    write_beir(dest, [query_row(q) for q in bench.queries.values()],
               [doc_row(d) for d in bench.corpus.values()], bench.qrels)
