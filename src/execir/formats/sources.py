"""Every benchmark source, detected and loaded in one place.

A *source* is a shipped release's name (``execir-py``, ``humaneval``, ``execir-poly``), an execir
release folder (``tasks.jsonl`` + ``manifest.json``), a CoREB-format folder (a
``*_queries.jsonl`` of CoREB appendix A.4), a BEIR folder (``corpus.jsonl`` + ``queries.jsonl``),
a folder in the public ExecRetrieval release layout (``data/queries.jsonl`` +
``data/corpus.jsonl``, :mod:`execir.formats.execretrieval`) or a Hugging Face folder (a
``README.md`` whose ``configs`` name parquet files, :mod:`execir.formats.hf`); the folder formats
are listed once, in :data:`execir.formats.folders.FORMATS`.
:func:`load_source` reads any of them into the one :class:`execir.records.Benchmark`; nothing
downstream asks which kind it came from.  :func:`export_source` writes a source in another
format.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.records import Benchmark

EXPORT_FORMATS = ("beir", "coreb", "hf")


def is_ready_source(dataset: str | os.PathLike[str]) -> bool:
    """True for a source that is scored as it is (execir-poly, or a folder holding a release, a
    CoREB-format or a BEIR benchmark); False for a dataset name that ``execir run`` builds a
    release from (a registered name wins over a folder of that name)."""
    from execir.datasets import dataset_names
    from execir.datasets.poly_release import NAME as POLY
    from execir.datasets.shipped import split_version
    from execir.formats.folders import folder_format

    if isinstance(dataset, str) and split_version(dataset)[0] == POLY:
        return True
    if isinstance(dataset, str) and split_version(dataset)[0] in dataset_names():
        return False
    return folder_format(dataset) is not None


def folder_of(source: str | os.PathLike[str], *, cache_dir: Any = None) -> Path:
    """The folder that holds ``source``: a shipped release is unpacked and verified first (a
    registered dataset name wins over a folder of that name; write ``./NAME`` for the folder).

    Raises:
        UsageError: ``source`` is neither a folder of a known format nor a shipped release.
        DataError: a damaged shipped release.
    """
    from execir.datasets import dataset_names
    from execir.datasets.poly_release import NAME as POLY, poly_release
    from execir.datasets.shipped import SHIPPED, shipped_release, split_version
    from execir.formats.folders import KNOWN, folder_format

    if isinstance(source, str) and split_version(source)[0] == POLY:
        return poly_release(cache_dir, source)
    if isinstance(source, str) and split_version(source)[0] in dataset_names():
        if split_version(source)[0] in SHIPPED:
            return shipped_release(source, cache_dir)
        raise UsageError(f"cannot read {source!r}: not a folder, and no shipped release of that name (build one "
                         f"with `execir build {source} --out FOLDER`, or score it with `execir run --dataset`)")
    if folder_format(source) is None:
        if not Path(source).exists():
            raise UsageError(f"cannot read {source!r}: not a folder, and no shipped release of that name "
                             "(see `execir datasets`)")
        raise UsageError(f"{source}: not {KNOWN}")
    return Path(source)


def load_source(source: str | os.PathLike[str], *, cache_dir: Any = None) -> tuple[Benchmark, Path]:
    """``(benchmark, folder)`` of ``source`` (see the module docstring); a release or CoREB folder
    with a ``manifest.json`` is verified against its SHA-256 first.

    Raises:
        UsageError: an unknown source.  DataError: a malformed or damaged folder.
    """
    from execir.formats.files import load_benchmark
    from execir.formats.folders import RELEASE, folder_format, load_folder

    folder = folder_of(source, cache_dir=cache_dir)
    if folder_format(folder) == RELEASE:
        return load_benchmark(folder), folder
    return load_folder(folder), folder


def export_source(source: str | os.PathLike[str], out: Path, fmt: str, *, cache_dir: Any = None) -> list[str]:
    """Write ``source`` to ``out`` as ``beir``, ``coreb`` or ``hf``, all or nothing
    (:func:`execir.formats.publish.staged_results`, kind ``export``); returns the files or folders written.
    An execir release is written as a CoREB text-to-code benchmark
    (:func:`execir.formats.convert.release_as_multitask`), a plain BEIR folder, or a Hugging Face
    folder with its oracle (:func:`execir.formats.hf.write_hf`).  No exported corpus row carries a
    label (canonical, distractor, mutation, passed): those are only in qrels -- except CoREB's
    own format, whose published code corpus records ``meta.passed``.

    Raises:
        UsageError: unknown format or source, ``out`` holds another kind of output, or ``hf``
            without pyarrow.
        DataError: a malformed source.
    """
    from execir.formats.beir import export_multitask_beir, export_release_beir
    from execir.formats.convert import release_as_multitask
    from execir.formats.coreb import write_coreb_folder
    from execir.formats.publish import staged_results

    if fmt not in EXPORT_FORMATS:
        raise UsageError(f"--format must be one of {list(EXPORT_FORMATS)}, got {fmt!r}")
    bench, folder = load_source(source, cache_dir=cache_dir)
    if fmt == "hf":
        from execir.formats.hf import write_hf

        with staged_results(Path(out), kind="export", cache_dir=cache_dir) as stage:
            return write_hf(bench, stage, folder)
    with staged_results(Path(out), kind="export", cache_dir=cache_dir) as stage:
        if bench.tasks:  # an execir release: its queries are its tasks' text-to-code queries
            if fmt == "beir":
                export_release_beir(bench, stage)
                return ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"]
            return list(write_coreb_folder(stage, release_as_multitask(bench)))
        return export_multitask_beir(bench, stage) if fmt == "beir" else list(write_coreb_folder(stage, bench))
