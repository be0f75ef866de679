"""Reranker names -> constructors: what may follow ``>`` in a system entry (``minilm>consensus``).

A reranker name is ``kind`` or ``kind:argument``; ``kind`` (case-insensitive) selects a
constructor from :data:`RERANKERS`, which gets the argument (or None) and a
:class:`RerankContext`:

==============  ===================================================================================
``consensus``   execution consensus (:mod:`execir.rerank.consensus`); ``consensus:inputs=16,...``
``rescore``     bi-encoder rescoring with a second system (:mod:`execir.rerank.rescore`);
                ``rescore:<system>`` (any retrieval system name, e.g. ``rescore:bm25``)
``cross``       a local sentence-transformers CrossEncoder folder
                (:mod:`execir.rerank.cross_encoder`); ``cross:<folder>``
``llm``         LLM yes/no in the Qwen3-Reranker format (:mod:`execir.rerank.llm`);
                ``llm:<folder>`` or ``llm:<http(s) url>[?model=NAME&api=chat]``
``medoid``      the textual medoid of the top hit's near-duplicates (:mod:`execir.rerank.medoid_reranker`):
                a probe of how much a release's mutants leak, reading neither query nor tests
==============  ===================================================================================

Adding a reranker is one line in :data:`RERANKERS`: ``"kind": "module:function"`` where
``function(argument, context)`` returns an object with ``name`` and ``rerank(queries, corpus,
run, k)`` (:class:`execir.retrieval.protocols.Reranker`).  Modules are imported only when their kind is
used, so a reranker's dependencies are never loaded for the others.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Any

from execir.errors import UsageError
from execir.retrieval.protocols import Reranker

#: kind -> ``"module:function"`` of its constructor (see the module docstring)
RERANKERS: dict[str, str] = {
    "consensus": "execir.rerank.consensus:from_name",
    "rescore": "execir.rerank.rescore:from_name",
    "cross": "execir.rerank.cross_encoder:from_name",
    "llm": "execir.rerank.llm:from_name",
    "medoid": "execir.rerank.medoid_reranker:from_name",
}


@dataclass(frozen=True)
class RerankContext:
    """What a reranker constructor may use, built once by the command or the API.

    Attributes:
        oracle: the command's :class:`~execir.execution.Oracle` (for rerankers that execute).
        device: where local models run (``auto``, ``cpu``, ``cuda``).
        cache_dir: the embedding-cache folder (None: the default).
        quiet: no progress display.
    """

    oracle: Any = None
    device: str = "auto"
    cache_dir: str | os.PathLike[str] | None = None
    quiet: bool = True


def split_name(name: str) -> tuple[str, str | None]:
    """``"rescore:bm25"`` -> ``("rescore", "bm25")``; ``"consensus"`` -> ``("consensus", None)``.

    Raises:
        UsageError: an empty name or kind, or a ``:`` with nothing after it (``consensus:``,
            which a ``--systems`` list written ``consensus:,`` also gives).
    """
    kind, sep, arg = name.strip().partition(":")
    if not kind.strip():
        raise UsageError(f"reranker {name!r}: expected a name such as consensus or rescore:bm25")
    if sep and not arg.strip():
        raise UsageError(f"reranker {name!r}: nothing after ':'; write {kind.strip()} alone, or "
                         f"{kind.strip()}:<argument>")
    return kind.strip().lower(), (arg.strip() if sep else None)


def make_reranker(name: str, context: RerankContext | None = None) -> Reranker:
    """Construct the reranker named ``name`` (see the module docstring).

    Raises:
        UsageError: an unknown kind (the message lists the known ones), or whatever the
            constructor raises for a bad argument (missing model folder, bad setting...).
    """
    kind, arg = split_name(name)
    target = RERANKERS.get(kind)
    if target is None:
        raise UsageError(f"unknown reranker {name!r}; rerankers: {', '.join(sorted(RERANKERS))} "
                         "(written after '>', e.g. minilm>consensus)")
    module, _, func = target.partition(":")
    constructor = getattr(importlib.import_module(module), func)
    return constructor(arg, context or RerankContext())
