"""Multitask source folders: which format a folder holds, loading it, and copying it.

A results folder of a multitask run keeps a copy of the benchmark it scored under ``release/``
(:func:`copy_source`: the source's own files, byte for byte), so ``execir reproduce`` and
``execir compare`` need nothing but the results folder, as for single-task results.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import read_json, verify_release
from execir.formats.beir import beir_file, doc_row, load_beir, query_row, write_beir
from execir.formats.coreb import (ANCHOR_MAP, CODE_CORPUS, TASK_FILES, TEXT_CORPUS, load_coreb,
                                           write_coreb)
from execir.formats.coreb_names import SPLITS
from execir.schema import TEXT, Benchmark

COREB = "coreb"
BEIR = "beir"
RELEASE = "release"
HF = "hf"


def folder_format(path: str | os.PathLike[str]) -> str | None:
    """``"coreb"`` (a ``*_queries.jsonl`` of CoREB), ``"release"`` (an execir release:
    ``tasks.jsonl`` and ``manifest.json``), ``"beir"`` (``corpus.jsonl`` and ``queries.jsonl``,
    plain or ``.gz``), ``"hf"`` (a Hugging Face folder: a ``README.md`` whose ``configs`` name a
    corpus, :mod:`execir.formats.hf`) or None (not a folder, or none of these)."""
    path = Path(path)
    if not path.is_dir():
        return None
    if any((path / q).is_file() or (path / r).is_file() for _, q, r in TASK_FILES):
        return COREB
    if (path / "tasks.jsonl").is_file() and (path / "manifest.json").is_file():
        return RELEASE
    if beir_file(path, "corpus.jsonl").is_file() and beir_file(path, "queries.jsonl").is_file():
        return BEIR
    from execir.formats.hf import is_hf_folder

    return HF if is_hf_folder(path) else None


def load_folder(path: str | os.PathLike[str], *, name: str | None = None,
                target: str = TEXT) -> Benchmark:
    """The benchmark in a CoREB, BEIR or Hugging Face folder (a CoREB folder with a
    ``manifest.json`` is checked against its SHA-256 first; its ``name`` names the benchmark
    unless ``name`` is given; ``target`` is the corpus a plain BEIR folder's documents belong to,
    see :func:`execir.formats.beir.load_beir` and :func:`execir.formats.hf.load_hf`).

    Raises:
        DataError: not a CoREB, BEIR or Hugging Face folder, a malformed file, or a file that
            differs from its manifest.
        UsageError: a Hugging Face folder without pyarrow installed.
    """
    path = Path(path)
    kind = folder_format(path)
    if kind == COREB:
        manifest = verify_release(path) if (path / "manifest.json").is_file() else {}
        return load_coreb(path, name=name or str(manifest.get("name", path.name)), manifest=manifest)
    if kind == BEIR:
        return load_beir(path, name=name, target=target)
    if kind == HF:
        from execir.formats.hf import load_hf

        return load_hf(path, name=name, target=target)
    raise DataError(path, "not a CoREB-format, BEIR or Hugging Face folder")


def source_files(path: str | os.PathLike[str]) -> list[str]:
    """The files of a CoREB, BEIR or Hugging Face folder that its loader reads (relative POSIX
    paths, sorted): the corpora, query and qrels files, anchor map and manifest (with every file
    the manifest lists) of a CoREB folder; ``corpus``, ``queries`` and ``qrels/*.tsv`` (plain or
    ``.gz``) of a BEIR folder; the card and its configs' files of a Hugging Face folder
    (:func:`execir.formats.hf.hf_files`)."""
    path = Path(path)
    kind = folder_format(path)
    names: set[str] = set()
    if kind == COREB:
        names.update(n for n in (CODE_CORPUS, TEXT_CORPUS, "code_corpus.jsonl", "text_corpus.jsonl",
                                 ANCHOR_MAP, "manifest.json") if (path / n).is_file())
        names.update(n for _, q, r in TASK_FILES for n in (q, r) if (path / n).is_file())
        if (path / "manifest.json").is_file():
            manifest = read_json(path / "manifest.json")
            sha: Mapping[str, Any] = manifest.get("sha256", {}) if isinstance(manifest, dict) else {}
            names.update(n for n in sha if (path / n).is_file())
    elif kind == BEIR:
        for n in ("corpus.jsonl", "queries.jsonl"):
            names.add(beir_file(path, n).relative_to(path).as_posix())
        if (path / "qrels").is_dir():
            names.update(f"qrels/{p.name}" for p in (path / "qrels").iterdir()
                         if p.is_file() and p.name.endswith((".tsv", ".tsv.gz")))
    elif kind == HF:
        from execir.formats.hf import hf_files

        names.update(hf_files(path))
    else:
        raise DataError(path, "not a CoREB-format, BEIR or Hugging Face folder")
    return sorted(names)


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
        write_coreb(dest, bench)
        return
    write_beir(dest, [query_row(q) for q in bench.queries.values()],
               [doc_row(d) for d in bench.corpus.values()], bench.qrels)
