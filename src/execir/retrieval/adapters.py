"""Systems a user brings as Python objects (the public API's ``execir.evaluate``).

* an object with ``search(queries, corpus, k)`` is used as a :class:`~execir.retrieval.protocols.Retriever`;
* an object with ``encode(list[str])`` (an :class:`~execir.retrieval.protocols.Encoder`, e.g. a
  ``SentenceTransformer`` already loaded) is wrapped in :class:`UserEncoder` and ranked by cosine
  similarity through :class:`~execir.retrieval.dense.DenseRetriever`, like the built-in models.

A user object has no stable identity across processes, so its vectors are never cached.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from execir.errors import UsageError
from execir.retrieval.protocols import Encoder, Retriever
from execir.retrieval.dense import DenseRetriever
from execir.retrieval.registry import ModelEntry


class UserEncoder:
    """A :class:`~execir.retrieval.protocols.RoleEncoder` over any ``encode(list[str])`` object: the same
    call for queries and snippets (no role prefixes), cosine similarity, float32 output.

    Raises (from :meth:`encode`):
        UsageError: the object returned something that is not an ``(n, d)`` array of numbers.
    """

    def __init__(self, obj: Encoder, name: str, *, batch_size: int = 32):
        self.obj = obj
        self.batch_size = batch_size
        self.entry = ModelEntry(name=name, model_id=f"user/{name}", provider="local",
                                batch_size=batch_size,
                                sources={"template": "raw text (user object)"})
        self._dims: int | None = None

    def settings(self, role: str) -> dict[str, Any]:
        return {"model": self.entry.model_id, "role": role, "object": type(self.obj).__name__}

    def dims(self) -> int | None:
        return self._dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        kwargs = {"batch_size": self.batch_size, "show_progress_bar": False} \
            if _takes_st_kwargs(self.obj) else {}
        vectors = np.asarray(self.obj.encode(list(texts), **kwargs), dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(texts):
            raise UsageError(f"system {self.entry.name!r}: encode() returned shape "
                             f"{vectors.shape} for {len(texts)} texts; expected (n, dims)")
        self._dims = int(vectors.shape[1])
        return vectors


def _takes_st_kwargs(obj: Any) -> bool:
    """True for sentence-transformers models, whose encode takes batch_size / show_progress_bar."""
    return any(c.__module__.startswith("sentence_transformers") for c in type(obj).__mro__)


def system_from_object(obj: Any, name: str | None = None) -> Retriever:
    """A retriever for a user's object (see the module docstring); ``name`` defaults to the
    object's ``name`` attribute, else its class name.

    Raises:
        UsageError: the object has neither ``search`` nor ``encode``.
    """
    label = name or getattr(obj, "name", None) or type(obj).__name__
    if callable(getattr(obj, "search", None)):
        if name is not None and getattr(obj, "name", None) != name:
            return _Renamed(obj, name)
        return obj
    if callable(getattr(obj, "encode", None)):
        return DenseRetriever(str(label), UserEncoder(obj, str(label)), cache=None)
    raise UsageError(f"system {label!r}: expected a name, an object with search(queries, corpus, k) "
                     "or an object with encode(list[str])")


class _Renamed:
    """A user retriever shown under another name."""

    def __init__(self, inner: Any, name: str):
        self.inner = inner
        self.name = name

    def search(self, queries, corpus, k):
        return self.inner.search(queries, corpus, k)
