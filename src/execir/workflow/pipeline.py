"""Orchestration only: dataset → release → runs → execution-judged results folder.

``execir build``, ``execir run`` and ``execir evaluate`` (and the Python API) are thin wrappers
around :func:`build_dataset`, :func:`run_pipeline` and :func:`evaluate_release`.  Every stage's
work lives below: the release cache in :mod:`execir.construction.cache`, retrieval in
:mod:`execir.retrieval.runs`, the results folder of each kind of benchmark in
:mod:`execir.workflow.results_folder`, option checks in :mod:`execir.workflow.options`, provenance
in :mod:`execir.workflow.provenance`; training commands are :mod:`execir.workflow.training`,
``execir reproduce`` is :mod:`execir.workflow.reproduce`.  Each stage reads the previous
stage's files, so a run that dies part-way resumes: the release is reused when its manifest
verifies, the execution cache keeps every finished (code, tests) pair, and the embedding cache
keeps every finished chunk.
"""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from execir.construction.gate import add_to_manifest, finish_release
from execir.errors import DataError, UsageError
from execir.execution import Oracle
from execir.workflow.options import check_options
from execir.paths import embeddings_dir
from execir.probes.card import DEFAULT_MARGIN
from execir.progress import Stage, note
from execir.workflow.results_folder import write_results_folder
from execir.workflow.provenance import environment
from execir.rerank.stage import DEFAULT_DEPTH, make_systems, with_baselines
from execir.retrieval.runs import retrieve
from execir.retrieval.spec import SystemSpec, parse_systems

Log = Callable[[str], None]


def encoders_like_oracle(retrievers: Mapping[str, Any], oracle: Oracle) -> None:
    """When ``oracle`` runs on a Ray cluster, encode with the local dense systems there too
    (:func:`execir.scale.encoders_on_ray`); otherwise leave ``retrievers`` as they are."""
    cluster = getattr(oracle.executor, "cluster", None)
    if cluster is not None:
        from execir.scale import encoders_on_ray

        encoders_on_ray(retrievers, cluster)


def invocations(retrievers: Mapping[str, Any]) -> dict[str, Any]:
    """``{"invocation": {system: what it ran}}`` for the systems that record their invocation
    (``mteb:NAME``: model, revision, each role's prompt), else ``{}`` (config.json unchanged)."""
    found = {name: r.invocation for name, r in retrievers.items() if getattr(r, "invocation", None)}
    return {"invocation": found} if found else {}


def _specs(systems: str | Sequence[str] | Sequence[SystemSpec]) -> list[SystemSpec]:
    """Parsed systems, with the first stage of every ``retriever>reranker`` added when missing
    (:func:`execir.rerank.stage.with_baselines`)."""
    if not isinstance(systems, str) and systems and all(isinstance(s, SystemSpec) for s in systems):
        return with_baselines(list(systems))
    return with_baselines(parse_systems(systems))


def build_dataset(dataset: str, path: Path | None, out: Path, *, oracle: Oracle, seed: int = 0,
                  log: Log = print, language: str | None = None, probe_gate: bool | None = None,
                  probe_margin: float = DEFAULT_MARGIN, distractors: str = "mutation",
                  llms: Sequence[Any] = (), price: tuple[float, float] | None = None,
                  **build_options: Any) -> dict[str, Any]:
    """``execir build``: load a dataset and build its release into ``out``.

    The release is built in a staging folder inside ``out`` and published all or nothing
    (:mod:`execir.formats.publish`): a failed build leaves the previous release, or nothing; files in
    ``out`` that execir did not write are kept.  Built from its packaged source with the default
    settings, a dataset with a shipped release (:mod:`execir.datasets.shipped`) gets that
    release's version in its manifest, and its files equal the shipped ones byte for byte.

    ``build_options`` go to :func:`execir.construction.build_release` (``extended``,
    ``min_distractors``, ``fill_extended``, ``amplify``, ``stacked``, ``families``: default
    :func:`~execir.datasets.shipped.family_design`).  ``language`` picks the language of a
    multi-language dataset (``humaneval-x``, ``mbxp``; see :func:`execir.datasets.load_dataset`);
    the release is then named ``<dataset>-<language>``.  ``probe_gate`` (None:
    :func:`~execir.datasets.shipped.gate_by_default`) refuses a release a probe finds
    (:func:`execir.construction.gate.gate_release`, ``probe_margin``); turned off where it would
    run, the manifest says so (:func:`~execir.construction.gate.note_gate_off`).  ``distractors``
    is ``"mutation"`` (the engine's), ``"llm"`` (bugs asked before anything is staged) or
    ``"both"``; each of ``llms`` (:class:`~execir.generate.LLMClient`) is asked in turn, and the
    prompt, each model's counts and tokens go into the manifest and report (``generation``), with
    each model's ``cost_usd`` at ``price`` (dollars per million prompt and completion tokens).

    Returns:
        the build report.

    Raises:
        UsageError: bad option or dataset name, no task passes the gates, the probe gate.
            DataError: bad file.
    """
    from execir.datasets import load_dataset
    from execir.datasets.shipped import family_design, gate_by_default, shipped_version, split_version
    from execir.execution import Limits

    check_options(out=out, seed=seed, out_kind="release")
    build_options["families"] = build_options.get("families") or family_design(dataset)
    tasks = load_dataset(dataset, path, language=language)
    settings = {"seed": seed, "distractors": distractors, **build_options}
    version = shipped_version(dataset, path, settings) \
        if oracle.limits == Limits() and language is None else None
    by_default = version is None or gate_by_default(dataset, path, settings)  # other limits: not shipped bytes
    base = split_version(dataset)[0]
    name = base if language is None else f"{base}-{tasks[0].language}"
    generation = None
    if distractors != "mutation":
        build_options["extra_mutants"], generation = _llm_distractors(tasks, llms, distractors, seed, log, price)
        build_options["engine"] = distractors == "both"
    extra = {} if generation is None else {"generation": generation}
    return build_tasks(tasks, out, name=name, oracle=oracle, seed=seed, version=version, log=log,
                       gated=by_default if probe_gate is None else probe_gate, by_default=by_default,
                       probe_margin=probe_margin, extra=extra, **build_options)


def build_tasks(tasks: Sequence[Any], out: Path, *, name: str, oracle: Oracle, seed: int = 0,
                version: str | None = None, log: Log = print, gated: bool = True,
                by_default: bool = True, probe_margin: float = DEFAULT_MARGIN,
                extra: Mapping[str, Any] | None = None, **build_options: Any) -> dict[str, Any]:
    """Build the release of ``tasks`` into ``out`` (staged, published all or nothing), with its
    probe card and gate: the one path of every single-task release, whatever made the tasks (a
    dataset, a repository: :mod:`execir.repo`).

    ``extra``: sections added to both the build report and the manifest (``generation`` of an
    LLM build, ``repository`` of a repository build).  ``gated``: run the probe gate;
    ``by_default``: the gate would run by default (turned off, the manifest says so).
    ``build_options`` go to :func:`execir.construction.build_release`.

    Raises:
        UsageError: no task passes the gates, the probe gate refuses the release.
    """
    from execir.construction import build_release
    from execir.formats.publish import staged_results

    with staged_results(out, kind="release", log=log) as stage:  # never half a release
        report = build_release(tasks, stage, name=name, seed=seed, oracle=oracle,
                               version=version, **build_options)
        for key, value in (extra or {}).items():
            report[key] = value
            add_to_manifest(stage, key, value)
        finish_release(stage, report, seed=seed, gated=gated, by_default=by_default,
                       families=build_options["families"], probe_margin=probe_margin, log=log)
        return report


def _llm_distractors(tasks: Sequence[Any], llms: Sequence[Any], distractors: str, seed: int, log: Log,
                     price: tuple[float, float] | None = None) -> tuple[dict[str, list], dict[str, Any]]:
    """The LLM bugs of ``tasks`` from every client in ``llms`` in turn (:func:`execir.generate.bugs.
    llm_mutants`; a bug another model already wrote is kept once) and the ``generation`` record
    of the manifest and report (``models``: each model's counts, ``new`` its accepted bugs that no
    earlier model wrote, with ``cost_usd`` at ``price``,
    dollars per million prompt and completion tokens).

    Raises:
        UsageError: ``distractors`` unknown, no client for a mode that needs one, or an
            endpoint failed (before anything was staged).
    """
    from execir.generate.bugs import BUG_PROMPT, llm_mutants
    from execir.generate.endpoint import cost_usd

    if distractors not in ("llm", "both"):
        raise UsageError(f"--distractors must be one of mutation, llm, both, got {distractors!r}")
    if not llms:
        raise UsageError(f"--distractors {distractors} needs an endpoint: --llm URL?model=NAME")
    extra: dict[str, list] = {t.task_id: [] for t in tasks}
    models = []
    for llm in llms:
        stage = Stage(f"asking {llm.endpoint.model} for bugs ({len(tasks):,} tasks)", len(tasks))
        got, counts = llm_mutants(tasks, llm, seed=seed, progress=stage.advance)
        new = 0
        for tid, mutants in got.items():
            codes = {m.code for m in extra[tid]}
            fresh = [m for m in mutants if m.code not in codes]
            extra[tid] += fresh
            new += len(fresh)
        counts = {**counts, "new": new}  # accepted bugs no earlier model wrote
        u = llm.usage
        log(f"llm {llm.endpoint.model}: {counts['accepted']}/{counts['asked']} answers are one attributable edit "
            f"({u['requests']} requests sent, {u['cached']} answered by the cache, {u['retries']} retries)")
        models.append({"model": llm.endpoint.model, **counts,
                       **({"cost_usd": cost_usd(counts["tokens"], price)} if price is not None else {})})
    record = {"distractors": distractors, "prompt": BUG_PROMPT, "temperature": 0.0, "seed": seed, "models": models}
    if price is not None:
        record["price_usd_per_million_tokens"] = {"prompt": price[0], "completion": price[1]}
    return extra, record


def evaluate_release(release: str | os.PathLike[str], *, systems: str | Sequence[str] | Sequence[SystemSpec],
                     out: Path, oracle: Oracle, seed: int = 0, ks: Sequence[int] | None = None,
                     device: str = "auto", cache_dir: str | os.PathLike[str] | None = None,
                     config_extra: Mapping[str, Any] | None = None,
                     retrievers: Mapping[str, Any] | None = None, log: Log = print,
                     rerank_depth: int = DEFAULT_DEPTH, match_negatives: str | None = None,
                     reexecute: bool = False) -> dict[str, Any]:
    """Evaluate ``systems`` on any source (:func:`execir.datasets.sources.load_source`: a release
    folder, a CoREB-format or BEIR folder, a shipped release) and write a complete results
    directory: retrieve -> (rerank) -> label -> score, one path for every kind of benchmark; the
    folder is written by the benchmark's kind (:mod:`execir.workflow.results_folder`: ExecRetrieval's
    tables, or CoREB's per task, subtask and language for a multitask benchmark).

    Writes ``leaderboard.json``, ``leaderboard.csv``, ``runs/<system>.jsonl``,
    ``pairwise_tests.json``, ``analyses/*.json``, ``figures/*``, ``report.html``, a copy of the
    benchmark under ``release/``, ``config.json`` (everything needed to reproduce) and
    ``outputs.json`` (the files this run wrote); an execir release also gets ``labels.jsonl``,
    ``evaluation.json`` and ``analyses/stacked.json`` (its ``stacked.jsonl`` variants scored by
    every system).  All of it is staged and published only when the run succeeds.

    Args:
        oracle: labels retrieved snippets whose label is not known.
        retrievers: already constructed systems (display name -> retriever), else built here.
        cache_dir: cache root for the embedding cache (default :func:`execir.paths.cache_root`).
        rerank_depth: snippets per query a ``retriever>reranker`` system reranks (default 128,
            CoREB §4.3; :mod:`execir.rerank.stage`).
        match_negatives: how queries without a level-2 item count
            (:data:`execir.evaluation.evaluate.MATCH_KEEP`; default: ``keep`` on a benchmark with
            CoREB's groups, as CoREB's evaluator; an execir release has no such query).
        reexecute: ignore the outcomes the source records (``release_labels``); run the oracle.

    Returns:
        the leaderboard (as written to ``leaderboard.json``).

    Raises:
        UsageError: a bad option, source or system.  DataError: a malformed source.
    """
    from execir.datasets.sources import load_source

    check_options(out=out, seed=seed, cache_dir=cache_dir, out_kind="results")
    specs = _specs(systems)
    benchmark, folder = load_source(release, cache_dir=cache_dir)
    if benchmark.manifest.get("repository"):
        from execir.repo.source import check_unchanged

        check_unchanged(benchmark.manifest)
    version = f" v{benchmark.manifest['version']}" if benchmark.manifest.get("version") else ""
    note(f"{benchmark.name}{version}: {len(benchmark.queries):,} queries, {len(benchmark.corpus):,} snippets")
    if retrievers is None:
        retrievers = make_systems(specs, device=device, cache_dir=embeddings_dir(cache_dir),
                                  quiet=oracle.quiet, oracle=oracle, rerank_depth=rerank_depth)
    encoders_like_oracle(retrievers, oracle)
    runs, usage = retrieve(benchmark, retrievers)
    config = {"systems": [s.name for s in specs], "seed": seed, "device": device, "usage": usage,
              "rerank_depth": rerank_depth if any(s.reranker for s in specs) else None,
              "environment": environment(), "argv": sys.argv, **invocations(retrievers),
              **dict(config_extra or {})}
    return write_results_folder(benchmark, folder, runs, retrievers, out=out, oracle=oracle, ks=ks, config=config,
                                cache_dir=cache_dir, log=log, match_negatives=match_negatives, reexecute=reexecute)


def check_nothing_to_build(*, stacked: bool, path: Path | None, language: str | None) -> None:
    """Raise :class:`UsageError` for ``execir run`` options that build a release, given a source
    that is scored as it is."""
    if stacked:
        raise UsageError("--stacked builds stacked mutants of a release from its tasks; this source "
                         "(execir-poly, a release, CoREB-format or BEIR folder) is scored as it is")
    if language is not None:
        raise UsageError("--language picks the language of a dataset to build; this source is scored as it "
                         "is (its subtasks and breakdowns are per language)")
    if path is not None:
        raise UsageError("--path names the file of a dataset to build; this source is the folder given to "
                         "--dataset")


def run_pipeline(*, out: Path, dataset: str, path: Path | None,
                 systems: str | Sequence[str] | Sequence[SystemSpec], oracle: Oracle,
                 seed: int = 0, cache_dir: str | os.PathLike[str] | None = None,
                 device: str = "auto", stacked: bool = False, log: Log = print,
                 rerank_depth: int = DEFAULT_DEPTH, language: str | None = None,
                 match_negatives: str | None = None, reexecute: bool = False) -> dict[str, Any]:
    """``execir run``: load a dataset, build or reuse its release, evaluate ``systems``.
    A source that needs no build (execir-poly, a release, CoREB-format or BEIR folder; see
    :func:`execir.datasets.sources.is_ready_source`) is evaluated as it is.
    ``language`` picks the language of a multi-language dataset (``humaneval-x``, ``mbxp``), as
    for :func:`build_dataset`.

    A dataset with a shipped release (execir-py, HumanEval) uses it when ``path`` is None, the
    seed is 0 and ``stacked`` is off; anything else is built at run time and cached
    (:mod:`execir.construction.cache`).

    Every system is constructed and every option checked before the release is built.
    ``stacked``: build the release with stacked mutants (``stacked.jsonl``) and score them.
    ``reexecute``: see :func:`evaluate_release`.

    Raises:
        UsageError: bad dataset name, option or systems list.  DataError: bad dataset file.
    """
    from execir.datasets.sources import resolve_source

    specs = _specs(systems)
    check_options(out=out, seed=seed, cache_dir=cache_dir, out_kind="results")
    source = resolve_source(dataset)  # decided once: evaluate_release loads it without detecting again
    ready = source.ready
    if ready:
        check_nothing_to_build(stacked=stacked, path=path, language=language)
    retrievers = make_systems(specs, device=device, cache_dir=embeddings_dir(cache_dir),
                              quiet=oracle.quiet, oracle=oracle, rerank_depth=rerank_depth)
    release = source if ready else dataset_release(dataset, path, oracle=oracle, seed=seed, cache_dir=cache_dir,
                                                    stacked=stacked, language=language, log=log)
    extra = None if ready else {"dataset": dataset, "language": language,
                                "dataset_path": str(path) if path else None}
    return evaluate_release(release, systems=specs, out=out, oracle=oracle, seed=seed,
                            device=device, cache_dir=cache_dir, retrievers=retrievers, log=log,
                            rerank_depth=rerank_depth, match_negatives=match_negatives, reexecute=reexecute,
                            config_extra=extra)


def dataset_release(dataset: str, path: Path | None, *, oracle: Oracle, seed: int = 0,
                    cache_dir: str | os.PathLike[str] | None = None, stacked: bool = False,
                    language: str | None = None, log: Log = print) -> Path:
    """The release folder ``execir run --dataset`` scores for a dataset that needs one: its
    shipped release when ``path`` is None, the seed 0, ``stacked`` off and no ``language``; else
    a release built at run time with the dataset's family design, carded and gated
    (:func:`~execir.construction.gate.finish_release`), and cached (:mod:`execir.construction.cache`).

    Raises:
        UsageError: unknown dataset, no task passes the gates, the probe gate refuses the release.
        DataError: a bad dataset file, or a dataset without tasks.
    """
    from execir.construction.cache import ensure_release
    from execir.datasets import load_dataset
    from execir.datasets.shipped import family_design, shipped_release, shipped_version, split_version

    if language is None and shipped_version(dataset, path, {"seed": seed, "stacked": stacked}):
        return shipped_release(dataset, cache_dir)  # never built at run time
    tasks = load_dataset(dataset, path, language=language)
    if not tasks:
        raise DataError(path or dataset, "dataset has no tasks")
    base = split_version(dataset)[0]
    name = base if language is None else f"{base}-{tasks[0].language}"
    families = family_design(dataset)
    # the gate's verdict lines are progress (silent with --quiet); a refusal is the command's error
    return ensure_release(tasks, name=name, seed=seed, oracle=oracle, cache_dir=cache_dir,
                          stacked=stacked, log=log, families=families,
                          finish=partial(finish_release, seed=seed, families=families, log=note))
