"""``run:FILE``: a ranking made elsewhere, scored like any other system.

:class:`PrecomputedRetriever` answers ``search`` from a run file (:mod:`execir.formats.run_files`:
a TREC run, a BEIR results JSON, an ExecRetrieval results file): for each query asked, the file's
snippets that are in the corpus given, in execir's one order (:func:`execir.ranking.rank`: score
descending, then id ascending), top ``k``.  A query the file lacks gets an empty ranking (a miss
at every k).  It never encodes anything, so nothing of it enters the embedding cache; its
identity is the file's resolved path and SHA-256 (:class:`execir.retrieval.spec.SystemSpec`), so
a changed file is another system.

:func:`report_coverage` prints, once per run file, the one line that says which of the file's
ids the benchmark does not know (dropped) and which of the benchmark's queries the file lacks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, Mapping

from execir.errors import DataError
from execir.formats.run_files import RunFile, read_run_file
from execir.ranking import rank
from execir.records import Benchmark, Run

#: ids named in the coverage line, at most, per kind
SHOWN = 5


class PrecomputedRetriever:
    """The rankings of one run file as a :class:`~execir.retrieval.protocols.Retriever`.

    Args:
        run: the file, read (:func:`execir.formats.run_files.read_run_file`).
        name: the display name (default: the run's own name, the TREC tag or ExecRetrieval
            ``model``; else ``run:<file name>``).

    Attributes:
        usage: what ``config.json`` records for the system: the file, its SHA-256 and format,
            and after :meth:`coverage` the counts of its line.
    """

    def __init__(self, run: RunFile, name: str | None = None):
        self.run = run
        self.name = name or run.name or f"run:{run.path.name}"
        self.usage: dict[str, Any] = {"run_file": str(run.path), "sha256": run.sha256,
                                      "format": run.format}

    @classmethod
    def from_file(cls, path: str | Path, name: str | None = None) -> "PrecomputedRetriever":
        """Read ``path`` (raises :class:`~execir.errors.DataError` on a malformed file)."""
        return cls(read_run_file(path), name)

    @property
    def settings(self) -> dict[str, Any]:
        """The file, its SHA-256, format and the run's own name."""
        return {"run_file": str(self.run.path), "sha256": self.run.sha256,
                "format": self.run.format, "name_in_file": self.run.name}

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run:
        """The file's top ``k`` of the snippets in ``corpus`` for each query of ``queries`` (the
        texts are not read); an empty list for a query the file lacks.

        Raises:
            ValueError: ``k`` < 1.
        """
        if k < 1:
            raise ValueError(f"k must be >= 1, got {k}")
        empty: dict[str, float] = {}
        return {qid: rank({sid: s for sid, s in self.run.scores.get(qid, empty).items() if sid in corpus}, k)
                for qid in queries}

    def coverage(self, benchmark: Benchmark) -> str:
        """One line: how many of the file's query ids and snippet ids ``benchmark`` lacks (they
        are dropped; the first :data:`SHOWN` of each named), how many of its queries the file
        lacks (empty rankings: misses), and how many queries the file's rank column orders
        otherwise than execir does.  The counts are added to :attr:`usage`."""
        queries = [q for q in self.run.scores if q not in benchmark.queries]
        all_docs = {d for ranked in self.run.scores.values() for d in ranked}
        docs = sorted(d for d in all_docs if d not in benchmark.corpus)
        missing = [q for q in benchmark.queries if q not in self.run.scores]
        if len(missing) == len(benchmark.queries) or len(docs) == len(all_docs):
            # nothing of the file would be scored: every system would read 0.000 as a result
            what = ("no query id" if len(missing) == len(benchmark.queries) else "no snippet id")
            raise DataError(self.run.path, f"{what} of the file is in {benchmark.name} "
                            f"(file: {_some(sorted(self.run.scores) if what == 'no query id' else docs)}; "
                            f"{benchmark.name}: {_some(list(benchmark.queries if what == 'no query id' else benchmark.corpus))}"
                            "); a run file ranks the benchmark's own query and snippet ids")
        self.usage.update(unknown_queries=len(queries), unknown_doc_ids=len(docs),
                          queries_not_in_run=len(missing), reordered_queries=len(self.run.reordered))
        line = (f"{self.name}: {len(queries)} of {len(self.run.scores)} queries and {len(docs)} of "
                f"{len(all_docs)} doc ids are not in {benchmark.name}")
        dropped = [f"{what} {_some(ids)}" for what, ids in (("queries", sorted(queries)), ("doc ids", docs)) if ids]
        line += f" (dropped: {'; '.join(dropped)})" if dropped else ""
        line += f"; the file has no ranking for {len(missing)} of {benchmark.name}'s {len(benchmark.queries)} queries"
        line += f" (ranked empty, so misses: {_some(missing)})" if missing else ""
        if self.run.reordered:
            line += (f"; the file's rank column disagrees with execir's order (score, then id) in "
                     f"{len(self.run.reordered)} of {len(self.run.scores)} queries "
                     f"({_some(self.run.reordered)}; execir's order is scored)")
        return line


def _some(ids: list[str] | tuple[str, ...]) -> str:
    """The first :data:`SHOWN` ids, comma-separated, with ``...`` when there are more."""
    return ", ".join(ids[:SHOWN]) + (", ..." if len(ids) > SHOWN else "")


def precomputed_parts(retriever: Any) -> Iterator[PrecomputedRetriever]:
    """The run files inside a system: itself, the first stage of a reranked system, the members
    of a fusion (depth first, in order)."""
    if isinstance(retriever, PrecomputedRetriever):
        yield retriever
        return
    inner = getattr(retriever, "retriever", None)  # retriever>reranker
    for part in ([inner] if inner is not None else []) + list(getattr(retriever, "members", None) or []):
        yield from precomputed_parts(part)


def report_coverage(benchmark: Benchmark, retrievers: Mapping[str, Any]) -> None:
    """Print :meth:`PrecomputedRetriever.coverage` once per run file (one file used by several
    systems, ``run:x`` and ``run:x>consensus``, is reported once) through
    :func:`execir.progress.note` (nothing when quiet; the counts stay in each system's usage)."""
    from execir.progress import note

    seen: set[tuple[Path, str]] = set()
    for retriever in retrievers.values():
        for part in precomputed_parts(retriever):
            key = (part.run.path, part.run.sha256)
            line = part.coverage(benchmark)
            if key not in seen:
                seen.add(key)
                note(line)
