"""Orchestration of the multitask (CoREB-style) flow: source -> runs -> scored results folder.

``execir run --dataset X`` takes this path when ``X`` is ``execir-poly`` (the built-in multitask
release), a CoREB-format folder (it has ``text2code_queries.jsonl``, ``code2code_queries.jsonl``
or ``code2text_queries.jsonl``) or a BEIR folder (``corpus.jsonl``, ``queries.jsonl``,
``qrels/test.tsv``).  ``execir export`` writes a source in another format.  The work lives below:
:mod:`execir.multitask` (formats), :mod:`execir.retrieval.multitask`,
:mod:`execir.evaluation.multitask_results`, :mod:`execir.report.multitask`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from execir.errors import UsageError
from execir.io import write_json
from execir.schema import Benchmark
from execir.multitask.folders import copy_source, folder_format, load_folder, write_copy

Log = Callable[[str], None]
POLY = "execir-poly"
EXPORT_FORMATS = ("beir", "coreb")


def source_kind(dataset: str | os.PathLike[str]) -> str | None:
    """``"poly"``, ``"coreb"``, ``"beir"`` or ``"release"`` (an execir release folder) for a
    multitask-capable source, None for a dataset name of the single-task flow (a registered name
    such as ``execir-py`` is that dataset even when the working folder holds a folder so named)."""
    if str(dataset) == POLY:
        return "poly"
    from execir.datasets import dataset_names

    if isinstance(dataset, str) and dataset in dataset_names():
        return None  # a registered name wins over a folder of that name (write ./NAME for the folder)
    return folder_format(dataset)


def source_folder(dataset: str | os.PathLike[str], *, cache_dir: Any = None) -> Path:
    """The folder that holds ``dataset`` (the shipped execir-poly is unpacked and verified
    first).

    Raises:
        UsageError: ``dataset`` is not a multitask source.  DataError: a damaged shipped release.
    """
    kind = source_kind(dataset)
    if kind == "poly":
        from execir.datasets.poly_release import poly_release

        return poly_release(cache_dir)
    if kind is None:
        raise UsageError(f"--dataset {dataset}: not a multitask source (execir-poly, a CoREB-format folder or a "
                         "BEIR folder)")
    return Path(dataset)


def load_multitask(dataset: str | os.PathLike[str], *, cache_dir: Any = None) -> Benchmark:
    """The multitask benchmark named by ``dataset`` (see :func:`source_kind`).  A CoREB folder
    with a ``manifest.json`` is verified against its SHA-256 first.

    Raises:
        UsageError: ``dataset`` is not a multitask source.  DataError: a malformed folder.
    """
    path = source_folder(dataset, cache_dir=cache_dir)
    if source_kind(path) == "release":
        from execir.io import load_benchmark
        from execir.multitask import release_as_multitask

        return release_as_multitask(load_benchmark(path))
    return load_folder(path)


def export_dataset(dataset: str | os.PathLike[str], out: Path, fmt: str, *, cache_dir: Any = None) -> list[str]:
    """Write ``dataset`` (a multitask source, an execir release folder, or a dataset name with a
    shipped release such as ``execir-py``) to ``out`` as ``beir`` or ``coreb``, all or nothing
    (:func:`execir.outdir.staged_results`, kind ``export``); returns the files or folders written.

    Raises:
        UsageError: unknown format or dataset, or ``out`` holds another kind of output.
        DataError: a malformed source.
    """
    from execir.outdir import staged_results

    if fmt not in EXPORT_FORMATS:
        raise UsageError(f"--format must be one of {list(EXPORT_FORMATS)}, got {fmt!r}")
    with staged_results(Path(out), kind="export", cache_dir=cache_dir) as stage:
        return _export(dataset, stage, fmt, cache_dir=cache_dir)


def _export(dataset: str | os.PathLike[str], out: Path, fmt: str, *, cache_dir: Any = None) -> list[str]:
    from execir.multitask import export_multitask_beir, export_release_beir, release_as_multitask, write_coreb

    kind = source_kind(dataset)
    if kind is None:
        from execir.datasets.shipped import shipped_release

        try:
            dataset = shipped_release(str(dataset), cache_dir)
        except (KeyError, ValueError, FileNotFoundError):
            raise UsageError(f"cannot export {dataset!r}: not a folder, and no shipped release of that "
                             "name") from None
        kind = "release"
    if kind == "release":
        from execir.io import load_benchmark

        bench = load_benchmark(dataset)
        if fmt == "beir":
            export_release_beir(bench, out)
            return ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"]
        return list(write_coreb(out, release_as_multitask(bench)))
    mt = load_multitask(dataset, cache_dir=cache_dir)
    return export_multitask_beir(mt, out) if fmt == "beir" else list(write_coreb(out, mt))


def run_multitask(bench: Benchmark, *, out: Path, systems: Sequence[Any], seed: int = 0,
                  match_negatives: str = "keep", device: str = "auto", cache_dir: Any = None,
                  quiet: bool = False, replicates: int | None = None,
                  retrievers: Mapping[str, Any] | None = None, source: str | os.PathLike[str] | None = None,
                  oracle: Any = None, rerank_depth: int | None = None, log: Log = print) -> dict[str, Any]:
    """Retrieve with every system, score per task/subtask/language, write the results folder
    (:mod:`execir.evaluation.multitask_results`), ``config.json``, a copy of the benchmark under
    ``release/`` (the source folder's files when ``source`` is given, else CoREB files) and the
    report.  A ``retriever>reranker`` system (:mod:`execir.rerank.stage`) brings its first stage
    along as a baseline, as in the single-task flow.

    Returns:
        the multitask leaderboard.

    Raises:
        UsageError: a bad option or a system that cannot be built.
    """
    from execir.evaluation.evaluate import MATCH_CHOICES, score_runs
    from execir.evaluation.multitask_results import RELEASE_COPY, write_multitask_results
    from execir.evaluation.stats import DEFAULT_REPLICATES
    from execir.outdir import staged_results
    from execir.paths import embeddings_dir
    from execir.progress import Stage, note
    from execir.provenance import environment
    from execir.report.multitask import write_multitask_report
    from execir.rerank.stage import DEFAULT_DEPTH, make_systems, with_baselines
    from execir.retrieval.multitask import retrieve_multitask
    from execir.retrieval.spec import parse_systems

    if match_negatives not in MATCH_CHOICES:
        raise UsageError(f"--match-negatives must be one of {list(MATCH_CHOICES)}, got {match_negatives!r}")
    depth = DEFAULT_DEPTH if rerank_depth is None else rerank_depth
    reranked = False
    if retrievers is None:
        specs = with_baselines(parse_systems(systems) if isinstance(systems, str) else list(systems))
        reranked = any(s.reranker for s in specs)
        retrievers = make_systems(specs, device=device, cache_dir=embeddings_dir(cache_dir), quiet=quiet,
                                  oracle=oracle, rerank_depth=depth)
    note(f"{bench.name}: {len(bench.queries):,} queries, {len(bench.corpus):,} documents")
    stage = Stage("retrieving (every task, every corpus view)", len(retrievers))
    runs = {}
    usage = {}
    for name, retriever in retrievers.items():
        runs[name] = retrieve_multitask(bench, retriever)
        if getattr(retriever, "usage", None):
            usage[name] = retriever.usage
        stage.advance()
    ev = score_runs(bench, runs, match_negatives=match_negatives)
    reps = replicates or DEFAULT_REPLICATES
    with staged_results(out, kind="results", log=log, cache_dir=cache_dir) as folder:
        if source is not None and folder_format(source) in ("coreb", "beir"):
            copy_source(source, folder / RELEASE_COPY)
        else:
            write_copy(bench, folder / RELEASE_COPY)
        write_json(folder / "config.json", {
            "format": "execir-multitask-run/1", "benchmark": bench.name,
            "dataset": None if source is None else str(source),
            "corpus_modalities": sorted({d.modality for d in bench.corpus.values()}),
            "release_sha256": dict(bench.manifest.get("sha256", {})), "systems": list(retrievers),
            "seed": seed, "replicates": reps, "match_negatives": match_negatives, "device": device,
            "rerank_depth": depth if reranked else None, "usage": usage,
            "environment": environment(), "argv": sys.argv})
        board = write_multitask_results(ev, folder, seed=seed, replicates=reps, runs=runs)
        write_multitask_report(folder)
    return board
