"""The public Python API behind ``import execir``: evaluate systems on a benchmark in-process.

Example (what README shows; a test runs it)::

    import execir
    bench = execir.load_benchmark("humaneval@2")              # anything --dataset takes
    results = execir.evaluate(bench, ["bm25", my_sentence_transformer])
    results.leaderboard["systems"][0]["metrics"]["exec@1"]["value"]
    results.write("results/")                                 # a full results folder

A system is a registry name, model folder, ``api:provider/model``, ``run:FILE`` (rankings made
elsewhere, :mod:`execir.retrieval.precomputed`), ``mteb:NAME`` or fusion (as on the command
line), a :class:`~execir.retrieval.spec.SystemSpec`, or any object with
``search(queries, corpus, k)`` (a retriever) or ``encode(list[str])`` (an encoder).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.errors import UnknownName, UsageError
from execir.evaluation.evaluate import Evaluation, score_runs
from execir.evaluation.kinds import board_kind, kind_of
from execir.evaluation.metrics import DEFAULT_KS
from execir.formats.build_report import release_card
from execir.evaluation.stats import DEFAULT_LEVEL, DEFAULT_REPLICATES
from execir.execution import Oracle
from execir.paths import embeddings_dir
from execir.workflow.pipeline import encoders_like_oracle
from execir.workflow.provenance import environment
from execir.retrieval.adapters import system_from_object
from execir.rerank.stage import DEFAULT_DEPTH, make_system, with_baselines
from execir.retrieval.runs import retrieve
from execir.retrieval.spec import SystemSpec, parse_systems
from execir.records import Benchmark, Run


@dataclass
class Results:
    """What :func:`evaluate` computed.

    Attributes:
        leaderboard: as ``leaderboard.json`` (one row per system, every metric with its 95% CI).
        pairwise: as ``pairwise_tests.json``.
        analyses: analysis name -> payload, as ``analyses/<name>.json``.
        runs: system -> ranked run that was scored.
        evaluation: the per-query metric arrays and labels (:class:`Evaluation`).
        config: the settings, written as ``config.json``.
    """

    leaderboard: dict[str, Any]
    pairwise: dict[str, Any]
    analyses: dict[str, Any]
    runs: dict[str, Run]
    evaluation: Evaluation
    config: dict[str, Any] = field(default_factory=dict)
    #: the folder the benchmark was loaded from, when known: its build report (the probe card)
    #: is kept beside the leaderboard in a written results folder
    source: Path | None = None

    def metric(self, system: str, key: str) -> float | None:
        """The point value of metric ``key`` for ``system`` (the overall group, for a benchmark with
        CoREB's groups).  ``key`` as in ``leaderboard.json`` (``"exec@1"``, ``"ndcg@10"``) or as
        tables print it (``"nDCG@10"``, ``"P@1"``: case does not matter); ``system`` exactly, else
        up to case.

        Raises:
            UnknownName: (a :class:`KeyError`) unknown system or metric; the message lists the
                valid ones.
        """
        rows = board_kind(self.leaderboard).overall_rows(self.leaderboard)
        row = rows.get(system) or _folded(rows, system)
        if row is None:
            raise UnknownName(f"unknown system {system!r}; these results have: {', '.join(rows)}")
        values = row["metrics"]
        name = key if key in values else (_metric_alias(self.leaderboard, key)
                                          or next((k for k in values if k.casefold() == key.strip().casefold()), None))
        if name not in values:
            raise UnknownName(f"unknown metric {key!r}; these results have: {', '.join(values)}")
        return values[name]["value"]

    def table(self) -> list[dict[str, Any]]:
        """The leaderboard as plain rows, as the command line prints it: one dict per system
        (``rank``, ``system``, each metric's point value, ``exec@1 ci`` as ``(low, high)``, and
        ``exec@1 ties at random`` where ties decided it), then the reference rows (``rank``
        ``"ref"``: chance, the release card's best probe; see :mod:`execir.evaluation.reference`).
        A benchmark with CoREB's groups gives its overall group's rows."""
        return board_kind(self.leaderboard).table_rows(self.leaderboard)

    def per_query(self, system: str) -> dict[str, dict[str, float | None]]:
        """``query id -> metric key -> value`` of one system (None where a query is left out of
        a metric).  ``pandas.DataFrame(results.per_query(name)).T`` gives the frame.

        Raises:
            UnknownName: unknown system (the message lists them).
        """
        ev = self.evaluation
        name = system if system in ev.per_query else _folded({s: s for s in ev.per_query}, system)
        if name is None:
            raise UnknownName(f"unknown system {system!r}; these results have: {', '.join(ev.per_query)}")
        values = ev.per_query[name]
        return {q: {k: (None if v[i] != v[i] else float(v[i])) for k, v in values.items()}
                for i, q in enumerate(ev.index.query_ids)}

    def write(self, out: str | os.PathLike[str], *, report: bool = True) -> Path:
        """Write a results folder (the same files as ``execir evaluate``; all-or-nothing, see
        :mod:`execir.formats.publish`); ``report``: also figures and ``report.html``.

        Raises:
            UsageError: ``out`` is not a folder execir can write.  DataError: a write failed.
        """
        from execir.execution.oracle_setup import check_out_folder
        from execir.workflow.results_folder import RESULTS_FOLDERS

        out = Path(out)
        check_out_folder(out)
        RESULTS_FOLDERS[self.evaluation.benchmark.kind].write_scored(
            self.evaluation, self.runs, (self.leaderboard, self.pairwise, self.analyses), out=out,
            config=self.config, source=self.source, report=report)
        return out


def _folded(mapping: Mapping[str, Any], name: str) -> Any:
    """The one value whose key equals ``name`` up to case (None when none or several do)."""
    found = [v for k, v in mapping.items() if k.casefold() == name.casefold()]
    return found[0] if len(found) == 1 else None


def _metric_alias(leaderboard: Mapping[str, Any], key: str) -> str | None:
    """The leaderboard key that ``key`` spells up to case, or as its title prints it
    (``P@1`` for ``precision@1``, ``canonical-ID nDCG@10`` for ``canonical_ndcg@10``)."""
    wanted = key.strip().casefold()
    for m in leaderboard.get("metrics", []):
        title = str(m.get("title", "")).split(" (")[0].replace("@k", f"@{m.get('k')}")
        if wanted in (str(m["key"]).casefold(), title.casefold()):
            return m["key"]
    return None


def _retrievers(systems: Any, *, device: str, cache_dir: Any, quiet: bool, oracle: Any = None,
                rerank_depth: int = DEFAULT_DEPTH) -> dict[str, Any]:
    """Display name -> retriever for every system given (see the module docstring); in a
    ``"a,b>c"`` string, the first stage of a reranked system is added when it is not listed."""
    if isinstance(systems, str):
        items: list[tuple[str | None, Any]] = [(None, s) for s in
                                               with_baselines(parse_systems(systems))]
    elif isinstance(systems, Mapping):
        items = list(systems.items())
    elif isinstance(systems, Sequence):
        items = [(None, s) for s in systems]
    else:
        items = [(None, systems)]
    if not items:
        raise UsageError("no systems to evaluate")
    names = [s.text if isinstance(s, SystemSpec) else s for _, s in items
             if isinstance(s, (str, SystemSpec))]
    specs = iter(parse_systems(names) if names else ())  # the CLI's checks for named systems
    out: dict[str, Any] = {}
    for name, system in items:
        if isinstance(system, (str, SystemSpec)):
            spec = next(specs)
            retriever = make_system(spec, device=device, cache_dir=embeddings_dir(cache_dir),
                                    quiet=quiet, oracle=oracle, rerank_depth=rerank_depth)
            label = name or spec.name
        else:
            retriever = system_from_object(system, name)
            label = retriever.name
        if label in out:
            raise UsageError(f"two systems are named {label!r}; pass a dict to name them")
        out[label] = retriever
    return out


def evaluate(benchmark: Benchmark | str | os.PathLike[str], systems: Any, *,
             oracle: Oracle | None = None, ks: Sequence[int] = DEFAULT_KS, seed: int = 0,
             replicates: int = DEFAULT_REPLICATES, level: float = DEFAULT_LEVEL,
             device: str = "auto", cache_dir: str | os.PathLike[str] | None = None,
             quiet: bool = True, ray: str | None = None,
             rerank_depth: int = DEFAULT_DEPTH, match_negatives: str | None = None,
             reexecute: bool = False) -> Results:
    """Rank ``benchmark``'s corpus with every system, label the top ``max(ks)`` by execution, and
    compute every metric with bootstrap CIs, the pairwise tests and the analyses.

    Args:
        benchmark: a :class:`Benchmark` of any kind, or any source
            (:func:`execir.datasets.sources.load_source`: a release, CoREB-format, BEIR or
            ExecRetrieval-release folder, a shipped release's name).
        systems: ``"bm25,minilm"``, a list of names / specs / objects, or a dict name -> system
            (see the module docstring).
        oracle: labels retrieved snippets the release does not know (default :class:`Oracle`:
            default limits, the execution cache under ``cache_dir``).
        ks: execution-metric cut-offs (ranking metrics add 100).
        seed, replicates, level: bootstrap seed, replicates and confidence level.
        device: where local models run (``auto``, ``cpu``, ``cuda``); quiet: no progress display.
        cache_dir: cache root for embeddings and the execution cache (default
            :func:`execir.paths.cache_root`).
        ray: a Ray cluster's address (``HOST:PORT``, ``ray://HOST:PORT``, ``auto``): the oracle's
            pairs and the local encoders run there (:mod:`execir.scale`), with the same results.
        rerank_depth: snippets per query a ``retriever>reranker`` system reranks (default 128,
            CoREB §4.3; the oracle runs the consensus reranker's candidates).
        match_negatives: how queries without a level-2 item count (default: the kind's,
            :mod:`execir.evaluation.kinds`: ``keep`` on a multitask benchmark; see ``score_runs``).
        reexecute: ignore the outcomes a source folder records (an ExecRetrieval release's
            execution cache, a release's ``labels.jsonl``) and run the oracle on every pair.

    Returns:
        a :class:`Results`; ``results.write(folder)`` writes a results folder.

    Raises:
        UsageError: an unknown system, two systems with one name, bad ``ks``.  DataError: a
            release folder that does not load.
    """
    from execir.execution.oracle_setup import make_oracle, on_ray

    oracle = make_oracle(cache_dir=cache_dir, quiet=quiet, ray=ray) if oracle is None else on_ray(oracle, ray)
    benchmark, folder, known = _loaded(benchmark, oracle, cache_dir=cache_dir, reexecute=reexecute)
    retrievers = _retrievers(systems, device=device, cache_dir=cache_dir, quiet=quiet,
                             oracle=oracle, rerank_depth=rerank_depth)
    encoders_like_oracle(retrievers, oracle)
    runs, usage = retrieve(benchmark, retrievers)
    kind = kind_of(benchmark)
    match_negatives = match_negatives or kind.match_negatives
    ev = score_runs(benchmark, runs, ks=ks, labels=known, oracle=oracle, match_negatives=match_negatives)
    leaderboard, pairwise, analyses = kind.outputs(ev, seed=seed, replicates=replicates, level=level,
                                                   card=release_card(folder))
    reranked = any(getattr(r, "reranker", None) for r in retrievers.values())
    config = {"release_name": benchmark.name, "release_sha256": dict(benchmark.manifest.get("sha256", {})),
              "systems": list(retrievers), "seed": seed, "ks": list(ev.exec_ks), "replicates": replicates,
              "level": level, "device": device, "oracle": oracle.describe(), "environment": environment(),
              "usage": usage, **kind.api_config(match_negatives=match_negatives, source=folder,
                                                rerank_depth=rerank_depth if reranked else None)}
    return Results(leaderboard=leaderboard, pairwise=pairwise, analyses=analyses,
                   runs=kind.kept_runs(ev, runs), evaluation=ev, config=config, source=folder)


def _loaded(benchmark: Benchmark | str | os.PathLike[str], oracle: Oracle, *, cache_dir: Any,
            reexecute: bool) -> tuple[Benchmark, Path | None, dict | None]:
    """``(benchmark, its folder or None, the labels it records or None)``: a :class:`Benchmark`
    as given (its ``source`` folder; no labels read), any other source loaded
    (:func:`execir.datasets.sources.load_source`) with the labels its kind reads
    (:meth:`execir.evaluation.kinds.BenchmarkKind.known_labels`).  A repository's benchmark is
    checked against its repository (:func:`execir.repo.source.check_unchanged`).

    Raises:
        UsageError: an unknown source, a changed repository.  DataError: a malformed folder.
    """
    known = None
    folder = Path(benchmark.source) if isinstance(benchmark, Benchmark) and benchmark.source else None
    if not isinstance(benchmark, Benchmark):
        from execir.datasets.sources import load_source

        benchmark, folder = load_source(benchmark, cache_dir=cache_dir)
        known = kind_of(benchmark).known_labels(folder, benchmark, oracle.limits, reexecute=reexecute)
    if benchmark.manifest.get("repository"):
        from execir.repo.source import check_unchanged

        check_unchanged(benchmark.manifest)
    return benchmark, folder, known


def load_benchmark(source: str | os.PathLike[str], *, path: str | os.PathLike[str] | None = None,
                   language: str | None = None, seed: int = 0, oracle: Oracle | None = None,
                   cache_dir: str | os.PathLike[str] | None = None) -> Benchmark:
    """The benchmark of anything ``execir run --dataset`` takes: a shipped release's name (with
    ``@VERSION``), a folder of any source format, or a dataset name (with ``path`` / ``language``
    where it needs them) whose release is then built at run time as ``execir run`` builds it
    (seeded, carded and gated, cached; :func:`execir.workflow.pipeline.dataset_release`).

    Raises:
        UsageError: an unknown source or option; the probe gate refuses a release built here.
        DataError: a malformed folder or dataset file.
    """
    from execir.datasets.sources import check_dataset, load_source, resolve_source

    check_dataset(source)
    found = resolve_source(source)  # decided once: load_source reads it without detecting again
    if not found.ready:
        from execir.execution.oracle_setup import make_oracle
        from execir.workflow.pipeline import dataset_release

        oracle = make_oracle(cache_dir=cache_dir, quiet=True) if oracle is None else oracle
        found = resolve_source(dataset_release(str(source), None if path is None else Path(path), oracle=oracle,
                                               seed=seed, cache_dir=cache_dir, language=language,
                                               log=lambda _msg: None))
    bench, folder = load_source(found, cache_dir=cache_dir)
    return replace(bench, source=str(folder))


def build_release(tasks: Sequence[Any], out: str | os.PathLike[str], *, name: str, oracle: Oracle | None = None,
                  seed: int = 0, families: str = "centred", probe_gate: bool = True,
                  probe_margin: float | None = None, log: Any = None, **options: Any) -> dict[str, Any]:
    """Build the release of ``tasks`` into ``out`` as ``execir build`` does: staged and published
    all or nothing, with the probe card in its build report and the probe gate (``probe_gate``;
    ``probe_margin``: default 0.05); ``families``: ``centred`` (default) or ``star``; other
    ``options`` go to :func:`execir.construction.build_release`.  Returns the build report.

    Raises:
        UsageError: no task passes the gates; the probe gate refuses the release (nothing is
            published).
    """
    from execir.construction.gate import DEFAULT_MARGIN
    from execir.execution.oracle_setup import make_oracle
    from execir.workflow.pipeline import build_tasks

    oracle = make_oracle(quiet=True) if oracle is None else oracle
    return build_tasks(tasks, Path(out), name=name, oracle=oracle, seed=seed, gated=probe_gate,
                       probe_margin=DEFAULT_MARGIN if probe_margin is None else probe_margin,
                       log=log or (lambda _msg: None), families=families, **options)
