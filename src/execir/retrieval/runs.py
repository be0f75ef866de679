"""Retrieval as a stage: construct every system up front, then rank the corpus for every query.

Systems are constructed before any work starts (:func:`make_retrievers`), so a missing API key,
missing model weights or an unknown name fails at once rather than after a build.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

from execir.protocols import Retriever
from execir.retrieval.factory import make_retriever
from execir.retrieval.spec import SystemSpec
from execir.schema import Benchmark, Run

#: Ranked-list depth kept per query (CoREB reports metrics up to @100).
RUN_DEPTH = 100


def make_retrievers(specs: Sequence[SystemSpec], *, device: str = "auto",
                    cache_dir: str | os.PathLike[str] | None = None, quiet: bool = False,
                    use_cache: bool = True) -> dict[str, Retriever]:
    """Display name -> retriever for every spec, in order (``cache_dir``: the embedding cache
    folder).

    Raises:
        UsageError: a system cannot be constructed (unknown, no weights, no API key, bad device).
    """
    return {spec.name: make_retriever(spec, device=device, cache_dir=cache_dir, quiet=quiet,
                                      use_cache=use_cache)
            for spec in specs}


def retrieve(benchmark: Benchmark, retrievers: Mapping[str, Retriever], *, depth: int = RUN_DEPTH
             ) -> tuple[dict[str, Run], dict[str, Any]]:
    """Rank the corpus for every query with each retriever.

    Returns:
        ``(runs, usage)``: ``runs[system]`` is a :data:`~execir.schema.Run` of depth ``depth``;
        ``usage[system]`` holds whatever accounting the retriever exposes (API tokens/cost).
    """
    queries = {qid: q.text for qid, q in benchmark.queries.items()}
    corpus = {sid: s.code for sid, s in benchmark.corpus.items()}
    runs: dict[str, Run] = {}
    usage: dict[str, Any] = {}
    for name, retriever in retrievers.items():
        runs[name] = retriever.search(queries, corpus, depth)
        extra = getattr(retriever, "usage", None)
        if extra:
            usage[name] = extra
    return runs, usage
