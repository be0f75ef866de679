"""The interfaces a system plugs into, as :class:`typing.Protocol` classes (MTEB style: any object
with the right methods qualifies; nothing needs to inherit from these).

* :class:`Encoder` -- what a user brings: ``encode(list[str]) -> ndarray`` (a
  ``SentenceTransformer`` already is one).
* :class:`RoleEncoder` -- execir's own encoders: vectors per role (``query`` / ``document``) with
  the settings that key the embedding cache.
* :class:`Retriever` -- ranks a corpus for every query.
* :class:`Reranker` -- re-orders a retriever's top-k (the rerank stage).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

import numpy as np

from execir.records import Run


@runtime_checkable
class Encoder(Protocol):
    """Any text embedder: ``encode(texts)`` returns an ``(len(texts), dims)`` array of floats.

    Queries and snippets go through the same call (no role prefixes); wrap the object in your own
    class to add them.
    """

    def encode(self, sentences: list[str], **kwargs: Any) -> np.ndarray: ...


@runtime_checkable
class RoleEncoder(Protocol):
    """execir's encoders: texts of one role (``"query"`` or ``"document"``) -> vectors.

    ``settings(role)`` is the JSON-ready identity of that role's invocation (model, revision,
    template, dtype...), used as the embedding-cache key; ``dims()`` the vector size, or None
    when unknown before the first call; ``entry`` the registry entry of the model.
    """

    entry: Any

    def settings(self, role: str) -> dict[str, Any]: ...

    def dims(self) -> int | None: ...

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray: ...


@runtime_checkable
class Retriever(Protocol):
    """A retrieval system: ``search`` ranks ``corpus`` (snippet id -> code) for every query
    (query id -> text) and returns the top ``k`` per query as a :data:`execir.records.Run`, in the
    order of :func:`execir.ranking.rank` (score descending, then id ascending).  ``name`` is the
    system name used in results."""

    name: str

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run: ...


@runtime_checkable
class Reranker(Protocol):
    """Re-orders a first-stage run: for every query of ``run``, score its top ``k`` snippets
    (ids from ``corpus``) against the query text and return them as a :data:`Run` in the order of
    :func:`execir.ranking.rank`.  ``name`` is the reranker's name (``retriever>name`` in results).
    A reranker sees the query text and the candidates' code only, never the oracle's tests."""

    name: str

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run,
               k: int) -> Run: ...
