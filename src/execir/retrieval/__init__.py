"""execir.retrieval — rank a corpus of snippets for each query.

Public names: :class:`Retriever` (the protocol every system satisfies), :class:`SystemSpec` and
:func:`parse_systems` (a ``--systems`` entry, parsed once), :func:`make_retriever` (spec ->
retriever), the invocation registry (:class:`ModelEntry`, :func:`get_entry`,
:func:`list_entries`, :func:`register`, :func:`load_entries`), :class:`EmbeddingCache` and
:func:`rrf`.
"""

from __future__ import annotations

from execir.retrieval.embedding_cache import EmbeddingCache
from execir.retrieval.protocols import Retriever
from execir.retrieval.factory import make_retriever
from execir.retrieval.fusion import rrf
from execir.retrieval.registry import ModelEntry, get_entry, list_entries, load_entries, register
from execir.retrieval.spec import SystemSpec, parse_system, parse_systems

__all__ = ["EmbeddingCache", "ModelEntry", "Retriever", "SystemSpec", "get_entry", "list_entries",
           "load_entries", "make_retriever", "parse_system", "parse_systems", "register", "rrf"]
