"""Run one retriever over every task of a multitask benchmark (CoREB §4.1, appendix A.3).

Queries are grouped by the corpus *view* they rank, and each group is one ``search`` call:

* t2c and c2c rank the code corpus (programs as written);
* c2t ``canonical_retro`` ranks the text corpus by each entry's abbreviated view (its
  ``abbreviated_text``, or its full text when it has none, as hard negatives do); the other c2t
  variants rank the full descriptions.

c2c lists are cut at ``k + 1`` so that ``k`` documents remain once the anchor is removed by the
evaluation (CoREB appendix B.9).
"""

from __future__ import annotations

from typing import Any

from execir.schema import TEXT, Benchmark, Query, Run

#: the (corpus, view) each query ranks.
ABBREVIATED = "abbreviated"
FULL = "full"


def query_view(q: Query) -> tuple[str, str]:
    """``(corpus, view)`` the query ranks: ``("code", "full")``, ``("text", "abbreviated")`` or
    ``("text", "full")``."""
    if q.target == TEXT and q.direction == "c2t" and q.variant == "canonical_retro":
        return TEXT, ABBREVIATED
    return q.target, FULL


def view_texts(bench: Benchmark, corpus: str, view: str) -> dict[str, str]:
    """doc_id -> the text embedded for that corpus view, in benchmark order."""
    docs = bench.documents(corpus)
    if view == ABBREVIATED:
        return {d: doc.abbreviated or doc.code for d, doc in docs.items()}
    return {d: doc.code for d, doc in docs.items()}


def retrieve_multitask(bench: Benchmark, retriever: Any, *, k: int = 100) -> Run:
    """The run of ``retriever`` (anything with ``search(queries, corpus, k) -> Run``) on every
    query of ``bench``: top ``k`` per query (``k + 1`` for c2c), groups searched in a fixed order.

    Raises:
        ValueError: ``k < 1``, or a query group whose corpus is empty.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    groups: dict[tuple[str, str, bool], dict[str, str]] = {}
    for q in bench.queries.values():
        corpus, view = query_view(q)
        groups.setdefault((corpus, view, q.direction == "c2c"), {})[q.query_id] = q.text
    run: Run = {}
    for (corpus, view, anchored) in sorted(groups):
        texts = view_texts(bench, corpus, view)
        if not texts:
            raise ValueError(f"the {corpus} corpus is empty")
        run.update(retriever.search(groups[(corpus, view, anchored)], texts, k + 1 if anchored else k))
    return {q: run[q] for q in bench.queries}

