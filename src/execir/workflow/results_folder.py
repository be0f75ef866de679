"""Writing a complete results folder, whatever the kind of benchmark: staged and published all or
nothing (:mod:`execir.formats.publish`), with ``config.json``, the result files of the
benchmark's kind (:mod:`execir.evaluation.kinds`), a copy of the benchmark under ``release/``,
the release's build report (its probe card) and the report.

Each kind has one writer here, looked up by :attr:`execir.records.Benchmark.kind`
(:data:`RESULTS_FOLDERS`): :class:`SingleTaskFolder` (an execir release: labels recorded by its
build, stacked mutants, ExecRetrieval's tables and analyses) and :class:`MultitaskFolder`
(CoREB's tables per task, subtask and language, the source's own files as the copy).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

from execir.execution import Oracle
from execir.formats.files import STACKED_FILE, sha256_file, write_json
from execir.progress import Stage, note
from execir.records import MULTITASK, SINGLE_TASK, Benchmark
from execir.retrieval.runs import RUN_DEPTH

Log = Callable[[str], None]
#: the format of a multitask results folder's ``config.json``
MULTITASK_CONFIG_FORMAT = "execir-multitask-run/1"


def _silent(_msg: str) -> None:
    """A log that drops every line (the API writes quietly)."""


class FolderWriter(Protocol):
    """The results-folder writer of one kind of benchmark."""

    def write(self, benchmark: Benchmark, source: Path | None, runs: Mapping[str, Any],
              retrievers: Mapping[str, Any], *, out: Path, oracle: Oracle, ks: Sequence[int] | None,
              config: Mapping[str, Any], cache_dir: Any, log: Log, match_negatives: str | None,
              reexecute: bool) -> dict[str, Any]:
        """Score ``runs`` (retrieved from ``source`` by ``retrievers``) and write the folder ``out``;
        returns the leaderboard.  ``config``: ``systems``, ``seed``, ``device``, ``usage``,
        ``rerank_depth``, ``environment``, ``argv`` and optional ``dataset``, ``language``,
        ``dataset_path``, ``invocation``."""

    def write_scored(self, ev: Any, runs: Mapping[str, Any], outputs: tuple[dict, dict, dict], *,
                     out: Path, config: Mapping[str, Any], source: Path | None, report: bool) -> None:
        """Write the folder ``out`` of an evaluation already scored (:func:`execir.api.evaluate`):
        ``outputs`` = ``(leaderboard, pairwise, analyses)``, ``config`` as the API made it."""


def stacked_inputs(release: Path, benchmark: Benchmark, retrievers: Mapping[str, Any]
                   ) -> tuple[list | None, dict | None, str | None]:
    """``(rows, scores, why none)``: the release's stacked mutants
    (:func:`execir.evaluation.stacked.read_stacked`; None without ``stacked.jsonl``), their
    scores by every system (None when none can score them) and, when there are no scores, why
    (the line ``analyses/stacked.json`` shows).

    Raises:
        DataError: a malformed ``stacked.jsonl``.
    """
    from execir.evaluation.stacked import read_stacked, score_stacked

    rows = read_stacked(release, benchmark)
    if rows is None:
        return None, None, (f"the release {benchmark.name!r} has no stacked.jsonl, so no stacked "
                            "mutants were scored; build it with `execir build --stacked` (or use "
                            "`execir run --stacked`)")
    if not rows:
        return rows, None, f"the release {benchmark.name!r} has an empty stacked.jsonl (no verified stacks)"
    scored = score_stacked(benchmark, rows, retrievers)  # {} when every system is a run:FILE
    return rows, scored or None, None if scored else "no system can score the stacked variants (run:FILE cannot)"


def release_config(benchmark: Benchmark, release: Path, config: Mapping[str, Any], *, oracle: Oracle,
                   ks: Sequence[int], stacked_rows: list | None, recorded: Mapping[str, Any] | None
                   ) -> dict[str, Any]:
    """``config.json`` of a single-task results folder: the release and its hashes (and its
    ``stacked.jsonl``'s), the settings of ``config``, the oracle's limits and what the release's
    recorded outcomes covered (``recorded_outcomes``)."""
    return {
        "release": str(release),
        "release_name": benchmark.name,
        "release_sha256": dict(benchmark.manifest.get("sha256", {})),
        "stacked_sha256": None if stacked_rows is None else (  # in the manifest since builder v4
            benchmark.manifest.get("sha256", {}).get(STACKED_FILE)
            or sha256_file(Path(release) / STACKED_FILE)),
        "systems": config["systems"],
        "seed": config["seed"],
        "ks": list(ks),
        "run_depth": RUN_DEPTH,
        "rerank_depth": config["rerank_depth"],
        "device": config["device"],
        "oracle": oracle.describe(),
        "environment": config["environment"],
        "argv": config["argv"],
        "usage": config["usage"],
        **{k: v for k, v in config.items() if k in ("dataset", "language", "dataset_path", "invocation")},
        **({"recorded_outcomes": recorded} if recorded else {}),
    }


class SingleTaskFolder:
    """An execir release's results folder (:mod:`execir.evaluation.evaluate`'s files)."""

    def write(self, benchmark: Benchmark, source: Path | None, runs: Mapping[str, Any],
              retrievers: Mapping[str, Any], *, out: Path, oracle: Oracle, ks: Sequence[int] | None,
              config: Mapping[str, Any], cache_dir: Any, log: Log, match_negatives: str | None,
              reexecute: bool) -> dict[str, Any]:
        """Labels the release recorded (never re-executed), stacked mutants scored by every
        system, ExecRetrieval's tables and analyses, the report.

        Raises:
            UsageError: a bad run or option.  DataError: a malformed release file.
        """
        from execir.construction.report import keep_build_report
        from execir.evaluation import evaluate
        from execir.evaluation.labels import recorded_summary, release_labels
        from execir.evaluation.metrics import DEFAULT_KS
        from execir.formats.build_report import release_card
        from execir.formats.publish import staged_results
        from execir.report import write_report

        ks = tuple(ks or DEFAULT_KS)
        stacked_rows, stacked, stacked_missing = stacked_inputs(source, benchmark, retrievers)
        known = release_labels(source, benchmark, oracle.limits, reexecute=reexecute)  # never re-executed
        recorded = recorded_summary(source, known, reexecute=reexecute, qrels=benchmark.qrels)
        if recorded:
            note(recorded["note"])
        config = release_config(benchmark, source, config, oracle=oracle, ks=ks, stacked_rows=stacked_rows,
                                recorded=recorded)
        with staged_results(out, kind="results", log=log, cache_dir=cache_dir) as stage:
            write_json(stage / "config.json", config)
            leaderboard = evaluate(benchmark, runs, stage, ks=ks, seed=config["seed"], oracle=oracle,
                                   labels=known, stacked=stacked, stacked_missing=stacked_missing,
                                   match_negatives=match_negatives, card=release_card(source))
            keep_build_report(source, stage / "release")  # the probe card beside the leaderboard
            report = Stage("writing figures and report.html", 1)
            write_report(stage)
            report.advance()
        return leaderboard

    def write_scored(self, ev: Any, runs: Mapping[str, Any], outputs: tuple[dict, dict, dict], *,
                     out: Path, config: Mapping[str, Any], source: Path | None, report: bool) -> None:
        """``config.json``, the result files of ``outputs``, the build report of ``source`` and,
        when ``report``, the figures and ``report.html``.

        Raises:
            DataError: a write failed.
        """
        from execir.construction.report import keep_build_report
        from execir.evaluation.evaluate import write_results
        from execir.formats.publish import staged_results
        from execir.report import write_report

        with staged_results(out, kind="results", log=_silent) as stage:
            write_json(stage / "config.json", config)
            write_results(ev, stage, seed=config["seed"], replicates=config["replicates"], level=config["level"],
                          outputs=outputs)
            keep_build_report(source, stage / "release")  # the card the best-probe row came from
            if report:
                write_report(stage)


class MultitaskFolder:
    """A multitask results folder (:mod:`execir.evaluation.multitask_results`' files)."""

    def write(self, benchmark: Benchmark, source: Path | None, runs: Mapping[str, Any],
              retrievers: Mapping[str, Any], *, out: Path, oracle: Oracle, ks: Sequence[int] | None,
              config: Mapping[str, Any], cache_dir: Any, log: Log, match_negatives: str | None,
              reexecute: bool) -> dict[str, Any]:
        """The tables per task, subtask and language of ``runs`` scored as retrieved (labels: the
        programs' recorded flags; ``oracle``, ``ks``, ``retrievers`` and ``reexecute`` unused).

        Raises:
            UsageError: a bad ``match_negatives`` or run.
        """
        from execir.evaluation.evaluate import score_runs
        from execir.evaluation.kinds import KINDS

        match_negatives = match_negatives or KINDS[MULTITASK].match_negatives
        ev = score_runs(benchmark, runs, match_negatives=match_negatives)
        return self._write(ev, runs, out=out, config=config, cache_dir=cache_dir, log=log,
                                 match_negatives=match_negatives, source=source)

    def write_scored(self, ev: Any, runs: Mapping[str, Any], outputs: tuple[dict, dict, dict], *,
                     out: Path, config: Mapping[str, Any], source: Path | None, report: bool) -> None:
        """:meth:`_write` of ``ev`` from the source folder ``config`` names (``outputs``:
        recomputed, deterministically; the report is always written)."""
        folder = config.get("source_folder")
        self._write(ev, runs, out=out, config=config, log=_silent, match_negatives=config["match_negatives"],
                          source=None if folder is None else Path(folder))

    def _write(self, ev: Any, runs: Mapping[str, Any], *, out: Path, config: Mapping[str, Any],
                     cache_dir: Any = None, log: Log = print, match_negatives: str = "keep",
                     source: Path | None = None) -> dict[str, Any]:
        """The folder of a scored multitask evaluation: a copy of the benchmark under ``release/``
        (the source folder's own files when ``source`` is a CoREB, BEIR or Hugging Face folder,
        else CoREB files, or a BEIR folder for a plain BEIR benchmark), its build report,
        ``config.json``, the tables and analyses, ``runs`` as retrieved, the report.  Returns the
        leaderboard.

        Raises:
            DataError: a write failed.
        """
        from execir.construction.report import keep_build_report
        from execir.evaluation.kinds import KINDS
        from execir.evaluation.multitask_results import RELEASE_COPY
        from execir.formats.build_report import release_card
        from execir.evaluation.stats import DEFAULT_LEVEL, DEFAULT_REPLICATES
        from execir.formats.folders import copy_source, folder_format, write_copy
        from execir.formats.publish import staged_results
        from execir.report import write_report

        params = {"seed": config["seed"], "replicates": config.get("replicates", DEFAULT_REPLICATES),
                  "level": config.get("level", DEFAULT_LEVEL)}
        with staged_results(out, kind="results", log=log, cache_dir=cache_dir) as folder:
            if source is not None and folder_format(source) in ("coreb", "beir", "hf"):
                copy_source(source, folder / RELEASE_COPY)
            else:
                write_copy(ev.benchmark, folder / RELEASE_COPY)
            keep_build_report(source, folder / RELEASE_COPY)
            write_json(folder / "config.json", multitask_config(ev.benchmark, runs, config, params=params,
                                                                match_negatives=match_negatives, source=source))
            board = KINDS[MULTITASK].write_files(ev, folder, runs=runs,
                                                 params=dict(params, card=release_card(folder / RELEASE_COPY)))
            write_report(folder)
        return board


def multitask_config(benchmark: Benchmark, runs: Mapping[str, Any], config: Mapping[str, Any], *,
                     params: Mapping[str, Any], match_negatives: str, source: Path | None) -> dict[str, Any]:
    """``config.json`` of a multitask results folder: what its reader
    (:meth:`execir.evaluation.kinds.Multitask.load_inputs`) needs to rescore it, and provenance."""
    return {
        "format": MULTITASK_CONFIG_FORMAT, "benchmark": benchmark.name,
        "dataset": None if source is None else str(source),
        "corpus_modalities": sorted({d.modality for d in benchmark.corpus.values()}),
        "release_sha256": dict(benchmark.manifest.get("sha256", {})), "systems": list(runs),
        "seed": config["seed"], "replicates": params["replicates"], "match_negatives": match_negatives,
        "device": config["device"], "rerank_depth": config["rerank_depth"], "usage": config["usage"],
        "environment": config["environment"], "argv": config["argv"],
        **{k: v for k, v in config.items() if k == "invocation"}}


#: the results-folder writer of every kind (:attr:`execir.records.Benchmark.kind`)
RESULTS_FOLDERS: dict[str, FolderWriter] = {SINGLE_TASK: SingleTaskFolder(), MULTITASK: MultitaskFolder()}


def write_results_folder(benchmark: Benchmark, source: Path | None, runs: Mapping[str, Any],
                         retrievers: Mapping[str, Any], **options: Any) -> dict[str, Any]:
    """Score ``runs`` and write the results folder of ``benchmark``'s kind
    (:meth:`FolderWriter.write`; ``options`` as there).  Returns the leaderboard."""
    return RESULTS_FOLDERS[benchmark.kind].write(benchmark, source, runs, retrievers, **options)
