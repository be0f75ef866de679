"""Every benchmark source, resolved and loaded in one place, once.

A *source* is a shipped release's name (``execir-py``, ``humaneval``, ``execir-poly``, with an
optional ``@VERSION``), a dataset name that ``execir run`` builds a release from (``mbpp``,
``tasks``...), an execir release folder (``tasks.jsonl`` + ``manifest.json``), a CoREB-format
folder (a ``*_queries.jsonl`` of CoREB appendix A.4), a BEIR folder (``corpus.jsonl`` +
``queries.jsonl``), a folder in the public ExecRetrieval release layout (``data/queries.jsonl`` +
``data/corpus.jsonl``, :mod:`execir.formats.execretrieval`) or a Hugging Face folder (a
``README.md`` whose ``configs`` name parquet files, :mod:`execir.formats.hf`); the folder formats
are listed once, in :data:`execir.formats.folders.FORMATS`, whose readers stay in
:mod:`execir.formats`.

:func:`resolve_source` decides once what a source is (a :class:`Source`, with its folder format
detected once); :func:`open_source` unpacks a shipped release; :func:`load_source` reads any of
them into the one :class:`execir.records.Benchmark`, whose :attr:`~execir.records.Benchmark.kind`
then decides everything that differs between kinds.  Each takes a :class:`Source` already
resolved, so a caller that asked first never detects again.  :func:`export_source` writes a
source in another format.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from execir.datasets import dataset_names, unknown_dataset
from execir.datasets.shipped import SHIPPED, SHIPPED_MULTITASK, shipped_release, split_version
from execir.errors import UsageError
from execir.formats.folders import KNOWN, RELEASE, folder_format, load_folder
from execir.records import MULTITASK, SINGLE_TASK, Benchmark

EXPORT_FORMATS = ("beir", "coreb", "hf")
#: shipped releases without a dataset adapter: scored as they are, never built at run time
READY_NAMES = tuple(SHIPPED_MULTITASK)


@dataclass(frozen=True)
class Source:
    """A source resolved once (:func:`resolve_source`).

    Attributes:
        given: the source as given (a name, ``NAME@VERSION`` or a path).
        dataset: the registered dataset name (``NAME`` or ``NAME@VERSION``) when ``given`` names
            one (a registered name wins over a folder of that name), else None.
        shipped: the shipped release ``given`` means (``NAME`` or ``NAME@VERSION``), or None.
        folder: the folder holding the benchmark: ``given`` as a folder, or a shipped release once
            :func:`open_source` unpacked it; None before that and for a dataset to build.
        format: the folder format of ``folder`` (a :data:`execir.formats.folders.FORMATS` name),
            or None (not a folder of a known format, or not unpacked yet).
    """

    given: str | os.PathLike[str]
    dataset: str | None = None
    shipped: str | None = None
    folder: Path | None = None
    format: str | None = None

    @property
    def ready(self) -> bool:
        """True for a source scored as it is (a shipped release without a dataset adapter, or a
        folder of a known format); False for a dataset that ``execir run`` builds a release from."""
        return self.dataset is None and (self.shipped is not None or self.format is not None)


def resolve_source(source: str | os.PathLike[str] | Source) -> Source:
    """What ``source`` is, decided once: nothing is unpacked or read, and a folder's format is
    detected here (a :class:`Source` is returned as it is)."""
    if isinstance(source, Source):
        return source
    if isinstance(source, str):
        name = split_version(source)[0]
        if name in READY_NAMES:
            return Source(source, shipped=source)
        if name in dataset_names():
            return Source(source, dataset=source, shipped=source if name in SHIPPED else None)
    return Source(source, folder=Path(source), format=folder_format(source))


def check_dataset(dataset: str | os.PathLike[str]) -> None:
    """Refuse at once, before any model loads, a ``--dataset`` that is neither a registered
    dataset (``NAME`` or ``NAME@VERSION``), a shipped release, nor an existing path.

    Raises:
        UsageError: the unknown-dataset message of :func:`execir.datasets.load_dataset`, or
            ``no such folder`` for a path (a string with a separator or a leading dot).
    """
    name = split_version(str(dataset))[0]
    if name not in dataset_names() and name not in READY_NAMES and not Path(dataset).exists():
        if os.sep in str(dataset) or str(dataset).startswith("."):  # meant as a folder
            raise UsageError(f"{dataset}: no such folder (a source folder, or a dataset name: see `execir datasets`)")
        raise unknown_dataset(str(dataset))


def is_ready_source(dataset: str | os.PathLike[str] | Source) -> bool:
    """:attr:`Source.ready` of ``dataset`` (see :func:`resolve_source`)."""
    return resolve_source(dataset).ready


def open_source(source: str | os.PathLike[str] | Source, *, cache_dir: Any = None) -> Source:
    """``source`` resolved, with the folder that holds it: a shipped release is unpacked and
    verified first (a registered dataset name wins over a folder of that name; write ``./NAME``
    for the folder).

    Raises:
        UsageError: ``source`` is neither a folder of a known format nor a shipped release.
        DataError: a damaged shipped release, or an optional one this installation lacks.
    """
    found = resolve_source(source)
    if found.folder is not None and found.format is not None:
        return found
    if found.shipped is not None:
        folder = shipped_release(found.shipped, cache_dir)
        return replace(found, folder=folder, format=folder_format(folder))
    given = found.given
    if found.dataset is not None:
        raise UsageError(f"cannot read {given!r}: not a folder, and no shipped release of that name (build one "
                         f"with `execir build {given} --out FOLDER`, or score it with `execir run --dataset`)")
    if not Path(given).exists():
        raise UsageError(f"cannot read {given!r}: not a folder, and no shipped release of that name "
                         "(see `execir datasets`)")
    raise UsageError(f"{given}: not {KNOWN}")


def folder_of(source: str | os.PathLike[str] | Source, *, cache_dir: Any = None) -> Path:
    """The folder of :func:`open_source` (same errors)."""
    folder = open_source(source, cache_dir=cache_dir).folder
    assert folder is not None  # open_source returns a Source with its folder
    return folder


def load_source(source: str | os.PathLike[str] | Source, *, cache_dir: Any = None) -> tuple[Benchmark, Path]:
    """``(benchmark, folder)`` of ``source`` (see the module docstring); a release or CoREB folder
    with a ``manifest.json`` is verified against its SHA-256 first.

    Raises:
        UsageError: an unknown source.  DataError: a malformed or damaged folder.
    """
    found = open_source(source, cache_dir=cache_dir)
    return read_source(found), found.folder  # type: ignore[return-value]


def read_source(found: Source) -> Benchmark:
    """The benchmark in the folder of an opened :class:`Source` (:func:`open_source`), read by
    its format's reader without detecting it again.

    Raises:
        DataError: a malformed or damaged folder.
    """
    from execir.formats.files import load_benchmark

    if found.format == RELEASE:
        return load_benchmark(found.folder)  # type: ignore[arg-type]
    return load_folder(found.folder, fmt=found.format)  # type: ignore[arg-type]


def _export_single_task(bench: Benchmark, stage: Path, fmt: str) -> list[str]:
    """An execir release: its queries are its tasks' text-to-code queries."""
    from execir.formats.beir import export_release_beir
    from execir.formats.convert import release_as_multitask
    from execir.formats.coreb import write_coreb_folder

    if fmt == "beir":
        export_release_beir(bench, stage)
        return ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"]
    return list(write_coreb_folder(stage, release_as_multitask(bench)))


def _export_multitask(bench: Benchmark, stage: Path, fmt: str) -> list[str]:
    """A multitask benchmark: one BEIR folder per task, or its own CoREB files."""
    from execir.formats.beir import export_multitask_beir
    from execir.formats.coreb import write_coreb_folder

    return export_multitask_beir(bench, stage) if fmt == "beir" else list(write_coreb_folder(stage, bench))


#: kind -> ``export(bench, stage, fmt) -> written names`` for the ``beir`` and ``coreb`` formats
_EXPORTS: dict[str, Callable[[Benchmark, Path, str], list[str]]] = {
    SINGLE_TASK: _export_single_task, MULTITASK: _export_multitask}


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
    from execir.formats.publish import staged_results

    if fmt not in EXPORT_FORMATS:
        raise UsageError(f"--format must be one of {list(EXPORT_FORMATS)}, got {fmt!r}")
    bench, folder = load_source(source, cache_dir=cache_dir)
    if fmt == "hf":
        from execir.formats.hf import write_hf

        with staged_results(Path(out), kind="export", cache_dir=cache_dir) as stage:
            return write_hf(bench, stage, folder)
    with staged_results(Path(out), kind="export", cache_dir=cache_dir) as stage:
        return _EXPORTS[bench.kind](bench, stage, fmt)
