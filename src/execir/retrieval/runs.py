"""Retrieval as a stage: construct every system up front, then rank the corpus for every query.

Systems are constructed before any work starts (:func:`make_retrievers`), so a missing API key,
missing model weights or an unknown name fails at once rather than after a build.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

from execir.retrieval.protocols import Retriever
from execir.retrieval.factory import make_retriever
from execir.retrieval.precomputed import report_coverage
from execir.retrieval.spec import SystemSpec
from execir.records import ABBREVIATED, FULL, Benchmark, Run, query_view, view_texts  # noqa: F401 (views live in records)

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


def search_all(benchmark: Benchmark, retriever: Retriever, *, depth: int = RUN_DEPTH) -> Run:
    """The run of ``retriever`` on every query of ``benchmark``: queries are grouped by the corpus
    view they rank (:func:`query_view`; an execir release is one group), each group is one
    ``search`` call, in a fixed order; a c2c query gets ``depth + 1`` documents so that ``depth``
    remain once its anchor is removed by the evaluation (CoREB appendix B.9).

    Raises:
        ValueError: ``depth < 1``, or a query group whose corpus is empty.
    """
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    groups: dict[tuple[str, str, bool], dict[str, str]] = {}
    for q in benchmark.queries.values():
        corpus, view = query_view(q)
        groups.setdefault((corpus, view, q.direction == "c2c"), {})[q.query_id] = q.text
    run: Run = {}
    for (corpus, view, anchored) in sorted(groups):
        texts = view_texts(benchmark, corpus, view)
        if not texts:
            raise ValueError(f"the {corpus} corpus is empty")
        run.update(retriever.search(groups[(corpus, view, anchored)], texts, depth + 1 if anchored else depth))
    return {q: run[q] for q in benchmark.queries}


def retrieve(benchmark: Benchmark, retrievers: Mapping[str, Retriever], *, depth: int = RUN_DEPTH,
             progress: Any = None) -> tuple[dict[str, Run], dict[str, Any]]:
    """Rank the corpus for every query with each retriever (:func:`search_all`).

    Returns:
        ``(runs, usage)``: ``runs[system]`` is a :data:`~execir.records.Run` of depth ``depth``;
        ``usage[system]`` holds whatever accounting the retriever exposes (API tokens/cost).
        ``progress``: advanced once per retriever when given.  Each run file among the systems
        (``run:FILE``) first prints its one line on the ids the benchmark lacks
        (:func:`execir.retrieval.precomputed.report_coverage`).
    """
    runs: dict[str, Run] = {}
    usage: dict[str, Any] = {}
    report_coverage(benchmark, retrievers)  # run:FILE systems: one line each on ids dropped
    for name, retriever in retrievers.items():
        runs[name] = search_all(benchmark, retriever, depth=depth)
        extra = getattr(retriever, "usage", None)
        if extra:
            usage[name] = extra
        if progress is not None:
            progress.advance()
    return runs, usage
