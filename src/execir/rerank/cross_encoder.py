"""A sentence-transformers ``CrossEncoder`` from a local folder as a reranker (``cross:<folder>``).

The model reads ``(query text, candidate code)`` jointly and returns one relevance logit per
pair (CoREB §4.3's cross-encoder rerankers; the model :mod:`execir.rerank.train_cross_encoder` trains is one).
Nothing is downloaded: the folder is loaded with ``local_files_only`` and the hub switched off
(``HF_HUB_OFFLINE=1``).  Scores are the raw logits (the sigmoid is monotone and saturates into
ties), ranked by :func:`execir.ranking.rank`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.errors import UsageError
from execir.progress import Stage
from execir.rerank.pairs import candidate_pairs, ranked_from_scores
from execir.records import Run

#: pairs per forward pass
DEFAULT_BATCH_SIZE = 32


def offline_hub() -> None:
    """Switch the Hugging Face hub off for this process (nothing may be downloaded)."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


def check_cross_encoder_folder(folder: str | os.PathLike[str], what: str = "cross-encoder") -> Path:
    """``folder`` as a path when it looks like a transformers model folder (a ``config.json``);
    ``what`` names it in the messages (``--base`` of a training command: ``--base``).

    Raises:
        UsageError: one line naming the folder: it does not exist, is not a folder, or has no
            ``config.json``.
    """
    path = Path(folder).expanduser()
    if not path.exists():
        raise UsageError(f"{what} folder {str(path)!r} does not exist")
    if not path.is_dir():
        raise UsageError(f"{what} {str(path)!r} is not a folder")
    if not (path / "config.json").is_file():
        raise UsageError(f"{what} folder {str(path)!r} has no config.json "
                         "(not a transformers model folder)")
    return path


def load_cross_encoder(folder: Path, *, device: str = "cpu", max_length: int | None = None) -> Any:
    """Load a ``sentence_transformers.CrossEncoder`` from ``folder`` (offline, fp32).

    Raises:
        UsageError: transformers cannot load the folder (message names it and the cause).
    """
    offline_hub()
    from sentence_transformers import CrossEncoder
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    try:
        return CrossEncoder(str(folder), device=device, local_files_only=True,
                            max_length=max_length)
    except (OSError, ValueError, KeyError) as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UsageError(f"cross-encoder folder {str(folder)!r} does not load "
                         f"({type(exc).__name__}: {detail})") from exc


class CrossEncoderReranker:
    """Rerank with a local sentence-transformers ``CrossEncoder`` (one logit per pair).

    Args:
        folder: the model folder (``CrossEncoder.save`` output, or any transformers
            sequence-classification folder with one label).
        name: reranker name in results (default ``cross:<folder>``).
        batch_size: pairs per forward pass.
        device: ``auto`` | ``cpu`` | ``cuda``.
        max_length: tokens kept per pair (``None``: the model's own limit).

    Raises:
        UsageError: (at construction) a missing folder or one without ``config.json``; (on
            first use) a folder transformers cannot load.
    """

    def __init__(self, folder: str | os.PathLike[str], *, name: str | None = None,
                 batch_size: int = DEFAULT_BATCH_SIZE, device: str = "auto",
                 max_length: int | None = None):
        if batch_size < 1:
            raise UsageError(f"cross-encoder batch size must be at least 1, got {batch_size}")
        self.folder = check_cross_encoder_folder(folder)
        self.name = name or f"cross:{self.folder}"
        self.batch_size = batch_size
        self.device = device
        self.max_length = max_length
        self._model: Any = None

    @property
    def model(self) -> Any:
        """The loaded ``CrossEncoder`` (loaded on first access)."""
        if self._model is None:
            from execir.retrieval.dense import resolve_device

            self._model = load_cross_encoder(self.folder, device=resolve_device(self.device),
                                             max_length=self.max_length)
        return self._model

    def score(self, pairs: Sequence[tuple[str, str]], *, progress: Stage | None = None
              ) -> list[float]:
        """Relevance logit of every ``(query text, code)`` pair, in order.

        Returns:
            ``len(pairs)`` floats (unbounded logits; higher = more relevant).
        """
        import torch

        out: list[float] = []
        chunk = self.batch_size * 8  # length-sorted batches inside a chunk; progress per chunk
        for start in range(0, len(pairs), chunk):
            batch = [list(p) for p in pairs[start:start + chunk]]
            logits = self.model.predict(batch, batch_size=self.batch_size,
                                        activation_fn=torch.nn.Identity(),
                                        show_progress_bar=False, convert_to_numpy=True)
            out.extend(float(x) for x in logits.reshape(-1))
            if progress is not None:
                progress.advance(len(batch))
        return out

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
               k: int) -> Run:
        """Score every query's top ``k`` candidates of ``run`` and return them in rank order.

        Returns:
            a :data:`Run` with the same queries; each list holds at most ``k`` snippets.

        Raises:
            UsageError: ``k`` < 1, a query or snippet of ``run`` missing from ``queries`` /
                ``corpus``, or a folder that does not load.
        """
        pairs = candidate_pairs(queries, corpus, run, k)
        stage = Stage(f"{self.name}: scoring {len(pairs):,} pairs", len(pairs))
        scores = self.score([(queries[q], corpus[s]) for q, s in pairs], progress=stage)
        return ranked_from_scores(run, pairs, scores)


def from_name(arg: str | None, context: Any) -> CrossEncoderReranker:
    """``cross:<folder>`` for the rerank registry (``context``: the device).

    Raises:
        UsageError: no folder given, or one that is missing / has no ``config.json``.
    """
    if not arg:
        raise UsageError("cross needs a model folder, e.g. minilm>cross:path/to/reranker")
    return CrossEncoderReranker(arg, name=f"cross:{arg}", device=getattr(context, "device", "auto"))
