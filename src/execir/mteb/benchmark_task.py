"""execir benchmarks as MTEB retrieval tasks (``execir.mteb.task`` / ``execir.mteb.tasks``).

Any source :func:`execir.datasets.sources.load_source` reads (a shipped release such as
``humaneval@2``, a release, CoREB-format or BEIR folder) becomes an ``AbsTaskRetrieval`` whose
data is built in memory, so nothing is downloaded.  A release is one task; a grouped
(CoREB-kind) source is one task per subtask, each ranking the corpus view its queries rank
(:func:`execir.records.query_view`).

MTEB's relevance is execir's level 2 (passes the query's tests): ``ndcg_at_10`` counts only
those documents, each with gain 1, so it is execir's ``ndcg@10`` (graded, relevance level 2).
``exec_at_1`` ... ``exec_at_10`` are execir's exec@k of the same ranking, computed by
:func:`execir.evaluation.evaluate.score_runs`: labels the release recorded, the oracle
(sandboxed, in worker processes) for a snippet it did not judge.  A c2c query is given its
anchor's id, and the task ignores identical ids, so the anchor never counts (CoREB B.9).
"""

from __future__ import annotations

import dataclasses
import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from execir.errors import UsageError
from execir.mteb.metadata import SPLIT, task_metadata
from execir.records import CODE, REL_CANONICAL, Benchmark

#: the cut-offs of the ``exec_at_k`` scores (ExecRetrieval §4.1)
EXEC_KS = (1, 3, 5, 10)


@dataclass(frozen=True)
class TaskData:
    """What one MTEB task ranks and how its exec@k is scored.

    Attributes:
        source: the source as given (a shipped name or a folder).
        subtask: the CoREB subtask, ``""`` for a release or plain BEIR folder.
        benchmark: the source restricted to this task's queries (corpus and tasks kept whole).
        folder: the source's folder (its ``labels.jsonl``, ``build_report.json``).
        manifest: the whole source's manifest.
        documents: document id -> the text the model reads, in corpus order.
        query_ids: MTEB query id -> execir query id (a c2c query's MTEB id is its anchor's).
        code: the task ranks the code corpus (exec@k is defined).
        anchored: the queries are c2c (identical ids are ignored).
    """

    source: str
    subtask: str
    benchmark: Benchmark
    folder: Path
    manifest: Mapping[str, Any]
    documents: dict[str, str]
    query_ids: dict[str, str]
    code: bool
    anchored: bool

    def relevant(self) -> dict[str, dict[str, int]]:
        """MTEB query id -> {document id: 1} for every level-2 document (only those count)."""
        qrels = self.benchmark.qrels
        return {mid: {d: 1 for d, level in sorted(qrels.get(qid, {}).items()) if level >= REL_CANONICAL}
                for mid, qid in self.query_ids.items()}


def task(source: str | os.PathLike[str], *, subtask: str | None = None,
         cache_dir: str | os.PathLike[str] | None = None, oracle: Any = None) -> Any:
    """The MTEB retrieval task of ``source`` (any source of :func:`load_source`).

    Args:
        source: ``humaneval@2``, a release, CoREB-format or BEIR folder.
        subtask: for a grouped source, which subtask (``t2c_search_python``); its tasks are
            listed by :func:`tasks`.
        cache_dir: execir's cache root (shipped releases unpacked there; the execution cache).
        oracle: an :class:`execir.Oracle` for snippets the release has not judged (default: one
            with default limits and the cache under ``cache_dir``, made when scores are computed).

    Returns:
        an ``mteb.AbsTaskRetrieval`` (data in memory, split ``test``, subset ``default``).

    Raises:
        UsageError: an unknown source or subtask, a grouped source without ``subtask``, or mteb
            not installed.  DataError: a malformed source.
    """
    bench, folder = _load(source, cache_dir)
    names = _subtasks(bench)
    if subtask is None and names != [""]:
        raise UsageError(f"{source}: a grouped source is one MTEB task per subtask; pass subtask= one of "
                         f"{', '.join(names)} (or use execir.mteb.tasks)")
    if subtask is not None and subtask not in names:
        raise UsageError(f"{source}: no subtask {subtask!r}; it has {', '.join(names) or 'none'}")
    return _make(_task_data(str(source), bench, folder, subtask or ""), cache_dir, oracle)


def tasks(*sources: str | os.PathLike[str], cache_dir: str | os.PathLike[str] | None = None,
          oracle: Any = None) -> list[Any]:
    """Every MTEB task of ``sources``, in order: one per release, one per subtask of a grouped
    source (subtasks sorted by name).  Raises as :func:`task`."""
    out = []
    for source in sources:
        bench, folder = _load(source, cache_dir)
        out.extend(_make(_task_data(str(source), bench, folder, name), cache_dir, oracle)
                   for name in _subtasks(bench))
    return out


def _load(source: Any, cache_dir: Any) -> tuple[Benchmark, Path]:
    from execir.datasets.sources import load_source

    return load_source(source, cache_dir=cache_dir)


def _subtasks(bench: Benchmark) -> list[str]:
    """The sorted subtasks of a grouped source, ``[""]`` for one without groups."""
    return sorted({q.subtask for q in bench.queries.values()}) if any(
        q.subtask for q in bench.queries.values()) else [""]


def _task_data(source: str, bench: Benchmark, folder: Path, subtask: str) -> TaskData:
    """The queries of ``subtask`` and the corpus view they rank.

    Raises:
        UsageError: its queries rank different corpus views, or two c2c queries share an anchor.
    """
    from execir.records import query_view, view_texts

    queries = {q: v for q, v in bench.queries.items() if v.subtask == subtask}
    views = {query_view(v) for v in queries.values()}
    if len(views) != 1:
        raise UsageError(f"{source}: the queries of {subtask or 'the source'} rank {len(views)} corpus views; "
                         "an MTEB task ranks one")
    (corpus, view), = views
    anchored = all(v.direction == "c2c" and v.anchor_id for v in queries.values())
    ids = {(v.anchor_id if anchored else q): q for q, v in queries.items()}
    if len(ids) != len(queries):
        raise UsageError(f"{source}: two queries of {subtask} share an anchor program")
    part = dataclasses.replace(bench, queries=queries,
                               qrels={q: bench.qrels[q] for q in queries if q in bench.qrels})
    return TaskData(source=source, subtask=subtask, benchmark=part, folder=folder, manifest=bench.manifest,
                    documents=view_texts(bench, corpus, view), query_ids=ids, code=corpus == CODE,
                    anchored=anchored)


def _make(data: TaskData, cache_dir: Any, oracle: Any) -> Any:
    base = _task_class()  # first: a missing mteb is one UsageError
    # MTEB reads a task's metadata from its class (unload_data drops an instance's own), so each
    # task is an instance of its own subclass
    cls = type(base.__name__, (base,), {"metadata": task_metadata(data), "__module__": __name__})
    return cls(data, cache_dir=cache_dir, oracle=oracle)


def exec_scores(data: TaskData, results: Mapping[str, Mapping[str, float]], *, cache_dir: Any = None,
                oracle: Any = None) -> dict[str, float]:
    """``{"exec_at_k": mean exec@k}`` of MTEB's ``results`` (MTEB query id -> {document id:
    score}) for k in :data:`EXEC_KS`, ranked by :func:`execir.ranking.rank` and scored by
    :func:`execir.evaluation.evaluate.score_runs` over every query of the task; empty for a task
    that ranks text.  ``oracle``: as :func:`task` (None: one is made and closed here)."""
    if not data.code:
        return {}
    from execir.evaluation.evaluate import score_runs
    from execir.evaluation.kinds import kind_of
    from execir.evaluation.stats import mean_included
    from execir.execution.oracle_setup import make_oracle
    from execir.ranking import rank
    from execir.retrieval.runs import RUN_DEPTH

    ranked = {data.query_ids[m]: rank(docs, RUN_DEPTH) for m, docs in results.items() if m in data.query_ids}
    run = {q: ranked.get(q, []) for q in data.benchmark.queries}
    own = oracle is None
    oracle = make_oracle(cache_dir=cache_dir, quiet=True) if own else oracle
    try:
        known = kind_of(data.benchmark).known_labels(data.folder, data.benchmark, oracle.limits)
        ev = score_runs(data.benchmark, {"mteb": run}, ks=EXEC_KS, labels=known, oracle=oracle)
    finally:
        if own:
            oracle.close()
    return {f"exec_at_{k}": mean_included(ev.per_query["mteb"][f"exec@{k}"]) for k in EXEC_KS}


def separate_ties(results: Mapping[str, Mapping[str, float]]) -> dict[str, dict[str, float]]:
    """``results`` (query id -> {document id: score}) as strictly decreasing float32 values in
    :func:`execir.ranking.rank`'s order (score descending, then id ascending), so that trec_eval
    (which MTEB scores with; it keeps scores as C floats and breaks ties by id descending) ranks as
    execir does: each score is rounded to float32 and, where it does not fall below the one ranked
    before it, set one float32 step below that one.  Scores move by a few 1e-7 at most, only where
    ties are; returns a new dict."""
    import numpy as np

    from execir.ranking import rank

    out: dict[str, dict[str, float]] = {}
    for qid, docs in results.items():
        kept: dict[str, float] = {}
        last = None
        for did, score in rank(docs):
            value = np.float32(score)
            if last is not None and value >= last:
                value = np.nextafter(last, np.float32(-np.inf))
            kept[did] = float(value)
            last = value
        out[qid] = kept
    return out


class ExecirOrder:
    """An MTEB search model whose results pass through :func:`separate_ties` (MTEB's
    ``SearchProtocol``: ``index``, ``search``, ``mteb_model_meta``)."""

    def __init__(self, model: Any):
        self.model = model
        self.mteb_model_meta = model.mteb_model_meta

    def index(self, *args: Any, **kwargs: Any) -> None:
        self.model.index(*args, **kwargs)

    def search(self, *args: Any, **kwargs: Any) -> dict[str, dict[str, float]]:
        return separate_ties(self.model.search(*args, **kwargs))


@functools.cache
def _task_class() -> type:
    """The ``AbsTaskRetrieval`` subclass (made on first use: mteb is imported only then).

    Raises:
        UsageError: mteb is not installed.
    """
    try:
        from mteb.abstasks.retrieval import AbsTaskRetrieval
    except ImportError as exc:
        raise UsageError("execir.mteb needs the mteb package: pip install 'execir[mteb]'") from exc

    class ExecirRetrieval(AbsTaskRetrieval):
        """One execir benchmark (or CoREB subtask) as an MTEB retrieval task; see
        :mod:`execir.mteb.benchmark_task`."""

        def __init__(self, data: TaskData, *, cache_dir: Any = None, oracle: Any = None):
            self.execir_data = data
            self.ignore_identical_ids = data.anchored
            self._cache_dir, self._oracle = cache_dir, oracle
            super().__init__()

        def load_data(self, num_proc: int | None = None, **kwargs: Any) -> None:
            """The split ``test`` of subset ``default``, built from the loaded source."""
            if not self.data_loaded:
                self.dataset = {"default": {SPLIT: _split_data(self.execir_data)}}
                self.data_loaded = True

        def _evaluate_subset(self, model: Any, data_split: Any, **kwargs: Any) -> Any:
            """MTEB's evaluation, with the model's search results in execir's order
            (:class:`ExecirOrder`)."""
            from mteb.models import (CrossEncoderProtocol, EncoderProtocol, SearchCrossEncoderWrapper,
                                     SearchEncoderWrapper, SearchProtocol)

            if isinstance(model, EncoderProtocol) and not isinstance(model, SearchProtocol):
                model = SearchEncoderWrapper(model)
            elif isinstance(model, CrossEncoderProtocol):
                model = SearchCrossEncoderWrapper(model)
            return super()._evaluate_subset(ExecirOrder(model), data_split, **kwargs)

        def task_specific_scores(self, scores: Any, qrels: Any, results: Any, hf_split: str,
                                 hf_subset: str) -> dict[str, float]:
            return exec_scores(self.execir_data, results, cache_dir=self._cache_dir, oracle=self._oracle)

    return ExecirRetrieval


def _split_data(data: TaskData) -> dict[str, Any]:
    """MTEB's ``RetrievalSplitData`` of the task: corpus (``id``, ``text``, ``title``), queries
    (``id``, ``text``), level-2 relevance, no top-ranked lists."""
    from datasets import Dataset

    docs = list(data.documents)
    corpus = Dataset.from_dict({"id": docs, "text": [data.documents[d] for d in docs], "title": [""] * len(docs)})
    queries = Dataset.from_dict({"id": list(data.query_ids),
                                 "text": [data.benchmark.queries[q].text for q in data.query_ids.values()]})
    return {"corpus": corpus, "queries": queries, "relevant_docs": data.relevant(), "top_ranked": None}

