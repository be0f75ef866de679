"""``execir train-reranker`` and ``execir train-retriever``: find or build the release a model is
trained on, check the output folder, then train (:mod:`execir.rerank.train_cross_encoder`,
:mod:`execir.rerank.train_retriever`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.execution import Oracle
from execir.formats.files import load_benchmark
from execir.progress import note
from execir.workflow.options import check_options
from execir.workflow.pipeline import Log, check_nothing_to_build, dataset_release


def train_reranker_on(*, dataset: str, path: Path | None, release: Path | None,
                      out: Path | None, settings: Any, oracle: Oracle,
                      cache_dir: str | os.PathLike[str] | None = None, evaluate: bool = True,
                      log: Log = print) -> dict[str, Any]:
    """``execir train-reranker``: find or build the release (:func:`_training_release`), then
    :func:`execir.rerank.train_cross_encoder.train_reranker` on it.  ``out`` defaults to
    ``<cache root>/rerankers/cross-<retriever>-<dataset>-seed<seed>``.

    Returns:
        the model card.

    Raises:
        UsageError: bad dataset, option or setting.  DataError: a release or dataset file that
            does not load.
    """
    from execir.rerank.train_cross_encoder import train_reranker

    settings.check()
    release, benchmark, labels, out = _training_release(
        dataset, path, release, out, oracle, cache_dir, log,
        default_name=lambda name: f"cross-{settings.retriever}-{name}-seed{settings.seed}",
        kind="CrossEncoder")
    return train_reranker(benchmark, out, oracle=oracle, settings=settings, labels=labels,
                          cache_dir=cache_dir, evaluate=evaluate, log=note)


def train_retriever_on(*, dataset: str, path: Path | None, release: Path | None,
                       out: Path | None, settings: Any, oracle: Oracle,
                       cache_dir: str | os.PathLike[str] | None = None, evaluate: bool = True,
                       log: Log = print) -> dict[str, Any]:
    """``execir train-retriever``: as :func:`train_reranker_on`, with
    :func:`execir.rerank.train_retriever.train_retriever`; ``out`` defaults to
    ``<cache root>/rerankers/bi-minilm-<dataset>-seed<seed>``."""
    from execir.rerank.train_retriever import train_retriever

    settings.check()
    release, benchmark, labels, out = _training_release(
        dataset, path, release, out, oracle, cache_dir, log,
        default_name=lambda name: f"bi-minilm-{name}-seed{settings.seed}", kind="bi-encoder")
    return train_retriever(benchmark, out, oracle=oracle, settings=settings, labels=labels,
                           cache_dir=cache_dir, evaluate=evaluate, log=note)


def _training_release(dataset: str, path: Path | None, release: Path | None, out: Path | None,
                      oracle: Oracle, cache_dir: str | os.PathLike[str] | None, log: Log,
                      default_name: Any, kind: str) -> tuple[Path, Any, Any, Path]:
    """``(release folder, benchmark, known labels, out)`` of a training command.

    The release is ``release`` when given, else the dataset's shipped release (execir-py,
    HumanEval, execir-poly; no ``path``), else built from ``dataset`` / ``path`` and cached
    (build seed 0).  An execir release brings the labels its build recorded; a CoREB-format one
    (execir-poly) carries no tests, and its programs' recorded ``passed`` flags are the labels.
    ``out`` (checked before the release is built, so a refused one costs nothing) defaults to
    ``<cache root>/rerankers/<default_name(benchmark name)>``; one that holds a model of another
    kind (its card's ``kind`` lacks ``kind``: a cross-encoder for a retriever or the reverse) is
    refused.
    """
    from execir.evaluation.labels import release_labels
    from execir.formats.folders import RELEASE, folder_format, load_folder
    from execir.datasets.sources import folder_of, is_ready_source
    from execir.paths import rerankers_dir

    if out is not None:
        check_options(out=out, cache_dir=cache_dir, out_kind="reranker")
        _check_model_kind(out, kind)
    if release is None:
        if is_ready_source(dataset):  # execir-poly, or a folder given as --dataset
            check_nothing_to_build(stacked=False, path=path, language=None)
            release = folder_of(dataset, cache_dir=cache_dir)
        else:
            release = dataset_release(dataset, path, oracle=oracle, seed=0, cache_dir=cache_dir, log=log)
    found = folder_format(release)
    benchmark = load_benchmark(release) if found in (RELEASE, None) else load_folder(release)
    if out is None:
        out = rerankers_dir(cache_dir) / default_name(benchmark.name)
    check_options(out=out, cache_dir=cache_dir, out_kind="reranker")
    _check_model_kind(out, kind)
    return release, benchmark, release_labels(release, benchmark, oracle.limits), out


def _check_model_kind(out: Path, kind: str) -> None:
    """Raises UsageError when ``out`` holds a trained model whose card's ``kind`` lacks ``kind``."""
    card = Path(out).expanduser() / "execir_card.json"
    try:
        held = str(json.loads(card.read_text(encoding="utf-8")).get("kind", ""))
    except (OSError, ValueError, AttributeError):
        return
    if kind not in held:
        raise UsageError(f"--out {out} holds another kind of trained model ({held}); choose another "
                         "folder (nothing was changed)")
