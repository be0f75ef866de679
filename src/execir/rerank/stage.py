"""The rerank stage: a first-stage retriever's top-k re-ordered by a reranker.

A system ``retriever>reranker`` (parsed by :mod:`execir.retrieval.spec`) becomes a
:class:`RerankedRetriever`: it asks the retriever for ``max(k, depth)`` snippets per query, hands
the top ``depth`` (default 128, CoREB §4.3's setting) to the reranker, and returns the reranked
list followed by the first stage's remainder, in the one rank order
(:func:`execir.ranking.rank`: score descending, then id ascending).  Being a
:class:`~execir.retrieval.protocols.Retriever`, it goes through ``execir run`` / ``evaluate``, the
leaderboard, the report and ``compare`` like any other system.

:func:`with_baselines` adds the first stage of every reranked system to a ``--systems`` list
when it is not there, and the query-blind probe ``<retriever>>medoid``, so the results always
hold all three and the Δ of the reranker against the retriever alone and against the best probe
can be reported (``analyses/rerank.json``).
"""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Any, Mapping, Sequence

from execir.errors import UsageError
from execir.retrieval.protocols import Reranker, Retriever
from execir.ranking import rank
from execir.rerank.reranker_registry import RerankContext, make_reranker
from execir.retrieval.factory import make_retriever
from execir.retrieval.spec import SystemSpec
from execir.records import Run

#: snippets per query handed to the reranker (CoREB §4.3 reranks the top 128)
DEFAULT_DEPTH = 128


class RerankedRetriever:
    """``retriever>reranker`` as one :class:`~execir.retrieval.protocols.Retriever`.

    Args:
        name: the system's display name (``minilm>consensus``).
        retriever: the first stage.
        reranker: a :class:`~execir.retrieval.protocols.Reranker`.
        depth: snippets per query the reranker re-orders (>= 1).

    Attributes:
        usage: what :func:`execir.retrieval.runs.retrieve` records in ``config.json``: the first
            stage's own usage (if any) and ``rerank``: reranker, its settings when it records them
            (``settings_record()``: consensus's inputs, weights and time limits), depth, queries, seconds spent
            reranking (wall clock) and seconds per query, totalled over every ``search`` call.

    Raises:
        UsageError: ``depth`` < 1.
    """

    def __init__(self, name: str, retriever: Retriever, reranker: Reranker, *,
                 depth: int = DEFAULT_DEPTH):
        if depth < 1:
            raise UsageError(f"--rerank-depth must be at least 1, got {depth}")
        self.name = name
        self.retriever = retriever
        self.reranker = reranker
        self.depth = depth
        self.usage: dict[str, Any] = {}
        self._queries = 0
        self._seconds = 0.0

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run:
        """The top ``k`` per query: the reranked top ``depth`` first, then the first stage's
        remainder (scores below the reranked ones, in the first stage's order).

        Raises:
            UsageError: the reranker returned a snippet that was not among its candidates, or
                left some out.
        """
        first = self.retriever.search(queries, corpus, max(k, self.depth))
        top = {qid: ranked[:self.depth] for qid, ranked in first.items()}
        start = time.perf_counter()
        reranked = self.reranker.rerank(queries, corpus, top, self.depth)
        seconds = time.perf_counter() - start
        out: Run = {}
        for qid, ranked in first.items():
            ordered = rank(reranked.get(qid, []))
            given = {sid for sid, _ in top[qid]}
            if {sid for sid, _ in ordered} != given or len(ordered) != len(given):
                raise UsageError(f"reranker {self.reranker.name!r} did not return a re-ordering "
                                 f"of the {len(given)} candidates of query {qid!r}")
            floor = min((s for _, s in ordered), default=0.0)
            rest = [(sid, floor - 1.0 - i) for i, (sid, _) in enumerate(ranked[self.depth:])]
            out[qid] = (ordered + rest)[:k]
        inner = getattr(self.retriever, "usage", None)
        self._queries += len(first)  # totals over every search call (a multitask run makes several)
        self._seconds += seconds
        settings = getattr(self.reranker, "settings_record", None)  # what its defaults were
        self.usage = {**({"retriever": inner} if inner else {}),
                      "rerank": {"reranker": self.reranker.name, "depth": self.depth,
                                 "queries": self._queries, "seconds": round(self._seconds, 3),
                                 "seconds_per_query": round(self._seconds / max(1, self._queries), 4),
                                 **({"settings": settings()} if settings else {})}}
        return out


def base_spec(spec: SystemSpec) -> SystemSpec:
    """The first stage of ``retriever>reranker`` as its own spec (``spec`` itself when it has no
    reranker)."""
    if spec.reranker is None:
        return spec
    return dataclasses.replace(spec, text=spec.text.partition(">")[0].strip(), reranker=None)


def with_baselines(specs: Sequence[SystemSpec], *, probes: bool = True) -> list[SystemSpec]:
    """``specs`` with the first stage of each reranked system inserted before it when the list
    does not already hold that system (compared by identity: ``minilm`` and
    ``all-MiniLM-L6-v2`` are one), and, with ``probes``, the query-blind probe
    ``<retriever>>medoid`` of every first stage that a method reranks appended at the end (issue
    25 item 4: every reranker is read beside what a reranker that never reads the query gets
    from the same candidates, :mod:`execir.rerank.medoid_reranker`)."""
    from execir.retrieval.spec import PROBE_RERANKERS, is_probe

    have = {s.identity for s in specs}
    out: list[SystemSpec] = []
    bases: list[SystemSpec] = []
    for spec in specs:
        base = base_spec(spec)
        if base is not spec and base.identity not in have:
            have.add(base.identity)
            out.append(base)
        if base is not spec and not is_probe(spec.text) and base not in bases:
            bases.append(base)
        out.append(spec)
    for base in bases if probes else ():
        probe = dataclasses.replace(base, text=f"{base.text}>{sorted(PROBE_RERANKERS)[0]}",
                                    reranker=sorted(PROBE_RERANKERS)[0])
        if probe.identity not in have:
            have.add(probe.identity)
            out.append(probe)
    return out


def make_system(spec: SystemSpec, *, device: str = "auto",
                cache_dir: str | os.PathLike[str] | None = None, quiet: bool = False,
                use_cache: bool = True, oracle: Any = None, rerank_depth: int = DEFAULT_DEPTH
                ) -> Retriever:
    """The retriever of ``spec``, wrapped in a :class:`RerankedRetriever` when it names a
    reranker (``oracle`` runs the consensus reranker's candidates).

    Raises:
        UsageError: what :func:`execir.retrieval.make_retriever` or
            :func:`execir.rerank.reranker_registry.make_reranker` raise; ``rerank_depth`` < 1.
    """
    retriever = make_retriever(base_spec(spec), device=device, cache_dir=cache_dir, quiet=quiet,
                               use_cache=use_cache)
    if spec.reranker is None:
        return retriever
    if rerank_depth < 1:
        raise UsageError(f"--rerank-depth must be at least 1, got {rerank_depth}")
    context = RerankContext(oracle=oracle, device=device, cache_dir=cache_dir, quiet=quiet)
    return RerankedRetriever(spec.name, retriever, make_reranker(spec.reranker, context),
                             depth=rerank_depth)


def make_systems(specs: Sequence[SystemSpec], **kwargs: Any) -> dict[str, Retriever]:
    """Display name -> system (:func:`make_system`) for every spec, in order."""
    return {spec.name: make_system(spec, **kwargs) for spec in specs}
