"""Oracle families: each query's judged snippets, the only thing a construction probe looks at.

A query's *oracle family* is every document its qrels judge: the level-2 positives (snippets
that pass the query's tests) and the level-1 hard negatives (the same task's mutants).  A probe
picks one member of a family without the query, the qrels or the tests; if its pick is positive
far more often than chance (``|positives| / |family|``), the release gives its answers away.

:func:`families` is the one entry point: it loads any source (a shipped release name --
``execir-py``, ``humaneval``, ``execir-poly`` --, an execir release folder, a CoREB or a BEIR
folder, or an already loaded benchmark) and returns a :class:`FamilySet`:

* a family is split by document language (an ``execir-poly`` t2c ``any`` query judges snippets
  in six languages: it gives six families); text documents (code-to-text queries) form the
  language ``text``;
* a family without a positive or without a negative is skipped and counted;
* families with the same members and the same positives (several queries judging the same
  snippets, as execir-poly's subtask variants do) are merged into one, which keeps the query ids
  of all of them: every probe picks the same member in each, and counting them apart would only
  narrow the bootstrap intervals;
* a member's *file position* is its document's index in the benchmark's ``corpus`` mapping, which
  is the corpus file's line order (code corpus first, then the text corpus).

Every import of execir's loader modules lives in this file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from execir.errors import UsageError

#: the language of text documents (code-to-text families)
TEXT_LANGUAGE = "text"


@dataclass(frozen=True)
class Members:
    """What a probe may read of one family: the members' ids, texts and corpus positions.

    It has no query, qrels, labels or tests, so a probe that scores a :class:`Members` cannot
    read them (:mod:`execir.probes.probe_base`).

    Attributes:
        ids: document ids, one per member (unique), ``n`` of them.
        texts: the members' code (or text), same order.
        positions: each member's 0-based line index in its corpus file, same order.
        language: the members' language (``python``, ``cpp``..., or ``text``).
    """

    ids: tuple[str, ...]
    texts: tuple[str, ...]
    positions: tuple[int, ...]
    language: str

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Family:
    """One query's judged documents in one language, with which of them are positive.

    Attributes:
        query_id: the first query (in file order) whose qrels judge exactly these documents
            (an execir release's own query id, not the CoREB id it is given when loaded).
        query_ids: every query merged into this family (``query_id`` first).
        language: the members' language.
        problem_id: the task/problem the query was made from (the classifier split's unit).
        members: ids, texts and file positions (:class:`Members`), members sorted by id.
        positive: ``positive[i]`` is True when member ``i`` is relevant at level 2.
    """

    query_id: str
    query_ids: tuple[str, ...]
    language: str
    problem_id: str
    members: Members
    positive: tuple[bool, ...]

    @property
    def chance(self) -> float:
        """``|positives| / |family|``: exec@1 of a uniformly random pick."""
        return sum(self.positive) / len(self.positive)


@dataclass(frozen=True)
class FamilySet:
    """The families of one release.

    Attributes:
        name: the release name; ``version`` its manifest version ("" when none).
        families: the kept families, in query file order, then language.
        n_queries: queries with at least one judged document.
        skipped: ``{"no_positive": n, "no_negative": n}``: query-language groups left out.
        merged: query-language groups merged into an earlier identical family.
    """

    name: str
    version: str
    families: tuple[Family, ...]
    n_queries: int
    skipped: Mapping[str, int] = field(default_factory=dict)
    merged: int = 0

    def __iter__(self) -> Iterator[Family]:
        return iter(self.families)

    def __len__(self) -> int:
        return len(self.families)

    @property
    def languages(self) -> list[str]:
        """The families' languages, sorted."""
        return sorted({f.language for f in self.families})


def families(source: Any, *, cache_dir: str | os.PathLike[str] | None = None) -> FamilySet:
    """The oracle families of ``source`` (module docstring).

    Args:
        source: a shipped release name (``execir-py``, ``humaneval``, ``execir-poly``), a
            folder (execir release, CoREB or BEIR), a :class:`execir.records.Benchmark` or a
            :class:`execir.records.Benchmark`.
        cache_dir: cache root the shipped releases are unpacked under.

    Raises:
        UsageError: ``source`` names no release or folder.
        DataError: a malformed or damaged release.
    """
    bench = load_source(source, cache_dir=cache_dir)
    return families_of(bench)


def load_source(source: Any, *, cache_dir: str | os.PathLike[str] | None = None) -> Any:
    """``source`` as a :class:`execir.records.Benchmark` (see :func:`families`; any source that
    :func:`execir.datasets.sources.load_source` reads, or a benchmark already loaded).

    Raises:
        UsageError: ``source`` names no release or folder.  DataError: a malformed release.
    """
    from execir.datasets.sources import load_source as load_any
    from execir.records import Benchmark

    if isinstance(source, Benchmark):
        return source
    if not isinstance(source, (str, os.PathLike)):
        raise UsageError(f"probe: cannot load families from a {type(source).__name__}")
    return load_any(source, cache_dir=cache_dir)[0]


def families_of(bench: Any) -> FamilySet:
    """The families of a loaded :class:`execir.records.Benchmark`."""
    position = {doc_id: i for i, doc_id in enumerate(bench.corpus)}
    kept: dict[tuple, list[Any]] = {}
    skipped = {"no_positive": 0, "no_negative": 0}
    merged = 0
    n_queries = 0
    for qid, query in bench.queries.items():
        judged = bench.qrels.get(qid) or {}
        if not judged:
            continue
        n_queries += 1
        shown = str(query.meta.get("meta.execir_query_id") or qid)
        for language, rels in _by_language(bench, judged):
            ids = tuple(sorted(rels))
            positive = tuple(rels[d] >= 2 for d in ids)
            if not any(positive):
                skipped["no_positive"] += 1
                continue
            if all(positive):
                skipped["no_negative"] += 1
                continue
            key = (language, ids, positive)
            if key in kept:
                kept[key][1].append(shown)
                merged += 1
                continue
            members = Members(ids=ids, texts=tuple(bench.corpus[d].code for d in ids),
                              positions=tuple(position[d] for d in ids), language=language)
            kept[key] = [query, [shown], members, positive]
    fams = tuple(Family(query_id=qids[0], query_ids=tuple(qids), language=m.language,
                        problem_id=q.task_id or qids[0], members=m, positive=pos)
                 for q, qids, m, pos in kept.values())
    manifest = bench.manifest or {}
    version = str(manifest.get("version") or manifest.get("source_version") or "")
    return FamilySet(name=bench.name, version=version, families=fams, n_queries=n_queries,
                     skipped=skipped, merged=merged)


def _by_language(bench: Any, judged: Mapping[str, int]) -> list[tuple[str, dict[str, int]]]:
    """``judged`` (doc id -> relevance, every id in ``bench.corpus``) split by document language,
    languages sorted."""
    groups: dict[str, dict[str, int]] = {}
    for doc_id, rel in judged.items():
        doc = bench.corpus[doc_id]
        language = doc.language or (TEXT_LANGUAGE if doc.modality == "text" else "unknown")
        groups.setdefault(language, {})[doc_id] = int(rel)
    return sorted(groups.items())


def corpus_file_order(source: Any, *, cache_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Document ids in the order :func:`families` numbers them (the loaded ``corpus`` mapping);
    a test compares it with the corpus files' line order."""
    return list(load_source(source, cache_dir=cache_dir).corpus)
