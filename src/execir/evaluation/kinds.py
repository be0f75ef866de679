"""The kinds of benchmark on the evaluation side: one scoring path, each kind supplies its hooks.

A loaded benchmark's kind is :attr:`execir.records.Benchmark.kind` (decided once, where a source is
loaded); a results folder's is its leaderboard's ``format`` field.  Everything that differs
between the kinds is a hook of :class:`BenchmarkKind`, and callers look the kind up
(:func:`kind_of`, :func:`board_kind`, :func:`results_kind`) instead of asking which one they hold:

* :class:`SingleTask` -- ExecRetrieval's one text-to-code task: one leaderboard ranked by exec@1
  with its reference rows (chance, the release card's best probe), ExecRetrieval's analyses,
  the runs as scored, ``labels.jsonl``, ``evaluation.json`` and a release copy;
* :class:`Multitask` -- CoREB's tasks x subtasks x languages: the tables per group
  (:mod:`execir.evaluation.multitask`), table 3 as CSV, the breakdown analyses
  (:mod:`execir.evaluation.multitask_results`), the runs as retrieved; its ``config.json`` holds
  the scoring parameters.

MTEB's ``AbsTask`` / ``AbsTaskRetrieval`` and ranx's ``Report`` are the model: one evaluate loop,
kinds supply hooks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Protocol

from execir.errors import DataError
from execir.evaluation.evaluate import (MATCH_CHOICES, MATCH_KEEP, Evaluation, compute_outputs, compute_tables,
                                        write_results)
from execir.evaluation.labels import labels_from_rows, release_labels
from execir.evaluation.metrics import DEFAULT_KS
from execir.evaluation.multitask import LEADERBOARD_FORMAT, group_tables
from execir.evaluation.multitask_results import RELEASE_COPY, group_analyses, write_group_results
from execir.evaluation.reference import reference_rows
from execir.evaluation.stats import DEFAULT_LEVEL
from execir.evaluation.ties import tie_value
from execir.formats.files import iter_jsonl, load_benchmark, read_json, read_run
from execir.formats.folders import load_folder
from execir.records import MULTITASK, SINGLE_TASK, TEXT, Benchmark, Run, run_file_name

#: ``(benchmark, runs, labels, params)`` read back from a results folder (:meth:`BenchmarkKind.load_inputs`)
Inputs = tuple[Benchmark, dict[str, Run], dict, dict[str, Any]]


class BenchmarkKind(Protocol):
    """What differs between the kinds of benchmark when they are scored, written and read back.

    Attributes:
        name: :data:`execir.records.SINGLE_TASK` or :data:`execir.records.MULTITASK`.
        leaderboard_format: the ``format`` field of its ``leaderboard.json`` (None: none written).
        match_negatives: the default rule for queries without a level-2 item
            (:data:`execir.evaluation.evaluate.MATCH_KEEP` for CoREB's view; None).
    """

    name: str
    leaderboard_format: str | None
    match_negatives: str | None

    def known_labels(self, folder: Path | None, bench: Benchmark, limits: Any, *,
                     reexecute: bool = False) -> dict | None:
        """The execution labels the source records (None: the oracle or the recorded flags decide)."""

    def tables(self, ev: Evaluation, *, seed: int, replicates: int, level: float,
               card: Any = None) -> tuple[dict, dict]:
        """``(leaderboard, pairwise)`` of ``ev``, JSON-ready."""

    def outputs(self, ev: Evaluation, *, seed: int, replicates: int, level: float, card: Any = None,
                stacked: Any = None, stacked_missing: str | None = None) -> tuple[dict, dict, dict]:
        """``(leaderboard, pairwise, analyses)``; analyses: name -> payload (``analyses/<name>.json``)."""

    def write_files(self, ev: Evaluation, out: Path, *, params: Mapping[str, Any], runs: Any = None,
                    stacked: Any = None, write_inputs: bool = True,
                    outputs: tuple[dict, dict, dict] | None = None) -> dict:
        """Write the result files of ``ev`` into ``out`` (``params``: ``seed``, ``replicates``,
        ``level``, optional ``card`` and ``stacked_missing``; ``runs``: as retrieved, default
        ``ev.runs``; ``write_inputs``: also the runs and whatever rescoring needs); returns the
        leaderboard."""

    def load_inputs(self, folder: Path) -> Inputs:
        """``(benchmark, runs, labels, params)`` saved in a results folder of this kind.

        Raises:
            DataError: a file is missing or malformed."""

    def overall_rows(self, board: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """system -> ``{"system", "metrics": key -> {value, ci_low, ci_high, n}}`` of the overall view."""

    def table_rows(self, board: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The leaderboard as plain rows (:meth:`execir.api.Results.table`)."""

    def kept_runs(self, ev: Evaluation, runs: Mapping[str, Run]) -> dict[str, Run]:
        """The runs a results folder keeps: as scored, or as retrieved."""

    def api_config(self, *, match_negatives: str | None, source: Path | None,
                   rerank_depth: int | None) -> dict[str, Any]:
        """What the API's ``config.json`` adds for this kind (``{}``: nothing)."""


def check_bootstrap_settings(path: Path, params: Mapping[str, Any]) -> None:
    """Raise :class:`DataError` (naming ``path`` and the field) unless ``params`` (a results
    folder's saved settings) holds a ``seed`` >= 0 and ``replicates`` >= 1."""
    for key, least in (("seed", 0), ("replicates", 1)):
        value = params.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise DataError(path, f"missing or not an integer >= {least}", field=key)


class SingleTask:
    """ExecRetrieval's kind (an execir release, an ExecRetrieval release, a plain BEIR folder)."""

    name = SINGLE_TASK
    leaderboard_format = None
    match_negatives = None

    def known_labels(self, folder: Path | None, bench: Benchmark, limits: Any, *,
                     reexecute: bool = False) -> dict | None:
        """The release's recorded labels (:func:`execir.evaluation.labels.release_labels`)."""
        return release_labels(folder, bench, limits, reexecute=reexecute)

    def tables(self, ev: Evaluation, *, seed: int, replicates: int, level: float,
               card: Any = None) -> tuple[dict, dict]:
        """:func:`execir.evaluation.evaluate.compute_tables`."""
        return compute_tables(ev, seed=seed, replicates=replicates, level=level, card=card)

    def outputs(self, ev: Evaluation, *, seed: int, replicates: int, level: float, card: Any = None,
                stacked: Any = None, stacked_missing: str | None = None) -> tuple[dict, dict, dict]:
        """:func:`execir.evaluation.evaluate.compute_outputs` (the tables and every analysis)."""
        return compute_outputs(ev, seed=seed, replicates=replicates, level=level, stacked=stacked,
                               stacked_missing=stacked_missing, card=card)

    def write_files(self, ev: Evaluation, out: Path, *, params: Mapping[str, Any], runs: Any = None,
                    stacked: Any = None, write_inputs: bool = True,
                    outputs: tuple[dict, dict, dict] | None = None) -> dict:
        """:func:`execir.evaluation.evaluate.write_results` (the runs as scored; ``runs`` unused)."""
        return write_results(ev, out, seed=params["seed"], replicates=params["replicates"], level=params["level"],
                             stacked=stacked, stacked_missing=params.get("stacked_missing"),
                             write_inputs=write_inputs, outputs=outputs, card=params.get("card"))

    def load_inputs(self, folder: Path) -> Inputs:
        """From ``evaluation.json``, ``release/``, the run files it lists and ``labels.jsonl``.

        Raises:
            DataError: a file is missing, malformed, or the release copy fails its SHA-256 check."""
        params = read_json(folder / "evaluation.json")
        if not isinstance(params, dict) or not isinstance(params.get("systems"), list):
            raise DataError(folder / "evaluation.json", "missing or not a list", field="systems")
        check_bootstrap_settings(folder / "evaluation.json", params)
        benchmark = load_benchmark(folder / RELEASE_COPY)
        runs = {}
        for i, entry in enumerate(params["systems"]):
            if not isinstance(entry, dict) or not isinstance(entry.get("system"), str) \
                    or not isinstance(entry.get("run_file"), str):
                raise DataError(folder / "evaluation.json", f"entry {i} needs 'system' and 'run_file'",
                                field="systems")
            runs[entry["system"]] = read_run(folder / entry["run_file"])
        labels_path = folder / "labels.jsonl"
        labels = labels_from_rows(iter_jsonl(labels_path), str(labels_path))
        return benchmark, runs, labels, dict(params, match_negatives=None)

    def overall_rows(self, board: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """The leaderboard's ``systems`` rows by name."""
        return {row["system"]: row for row in board["systems"]}

    def table_rows(self, board: Mapping[str, Any]) -> list[dict[str, Any]]:
        """One dict per system (``rank``, ``system``, each metric's value, ``exec@1 ci``, ``exec@1
        ties at random`` where ties decided it), then the reference rows (``rank`` ``"ref"``)."""
        rows = []
        for row in board["systems"]:
            out = {"rank": "probe" if row.get("probe") else row["rank"], "system": row["system"],
                   **{k: m["value"] for k, m in row["metrics"].items()}}
            first = row["metrics"].get("exec@1")
            if first is not None:
                out["exec@1 ci"] = (first["ci_low"], first["ci_high"])
            if tie_value(row) is not None:
                out["exec@1 ties at random"] = tie_value(row)
            rows.append(out)
        rows += [{"rank": "ref", "system": label, **{k: v for k, v in values.items() if " ci_" not in k}}
                 for label, values in reference_rows(board.get("references"))]
        return rows

    def kept_runs(self, ev: Evaluation, runs: Mapping[str, Run]) -> dict[str, Run]:
        """The runs as scored (re-ranked by the package's rule)."""
        return {s: ev.runs[s] for s in ev.systems}

    def api_config(self, *, match_negatives: str | None, source: Path | None,
                   rerank_depth: int | None) -> dict[str, Any]:
        """Nothing: ``evaluation.json`` holds the scoring parameters."""
        return {}


class Multitask:
    """CoREB's kind (execir-poly, a CoREB-format folder, a BEIR folder with subtasks)."""

    name = MULTITASK
    leaderboard_format = LEADERBOARD_FORMAT
    match_negatives = MATCH_KEEP

    def known_labels(self, folder: Path | None, bench: Benchmark, limits: Any, *,
                     reexecute: bool = False) -> dict | None:
        """None: the programs' recorded ``passed`` flags are the labels."""
        return None

    def tables(self, ev: Evaluation, *, seed: int, replicates: int, level: float,
               card: Any = None) -> tuple[dict, dict]:
        """:func:`execir.evaluation.multitask.group_tables` (per task, subtask and language)."""
        return group_tables(ev, seed=seed, replicates=replicates, level=level, card=card)

    def outputs(self, ev: Evaluation, *, seed: int, replicates: int, level: float, card: Any = None,
                stacked: Any = None, stacked_missing: str | None = None) -> tuple[dict, dict, dict]:
        """The tables and the breakdown analyses (``stacked*`` unused: no stacked mutants)."""
        board, pairwise = self.tables(ev, seed=seed, replicates=replicates, level=level, card=card)
        return board, pairwise, group_analyses(board)

    def write_files(self, ev: Evaluation, out: Path, *, params: Mapping[str, Any], runs: Any = None,
                    stacked: Any = None, write_inputs: bool = True,
                    outputs: tuple[dict, dict, dict] | None = None) -> dict:
        """:func:`execir.evaluation.multitask_results.write_group_results` (``outputs``, ``stacked``
        unused: the tables are recomputed, deterministically).  The runs are always written:
        ``runs`` as retrieved, or ``ev.runs`` when ``write_inputs`` is off."""
        return write_group_results(ev, out, seed=params["seed"], replicates=params["replicates"],
                                   level=params["level"], runs=(runs or ev.runs) if write_inputs else None,
                                   card=params.get("card"))

    def load_inputs(self, folder: Path) -> Inputs:
        """From ``config.json`` (the parameters), ``release/`` (the source's files) and ``runs/``.

        Raises:
            DataError: a missing or malformed ``config.json`` field or run, no release copy."""
        config = read_json(folder / "config.json")
        if not isinstance(config, dict) or not isinstance(config.get("systems"), list) \
                or not all(isinstance(s, str) for s in config["systems"]):
            raise DataError(folder / "config.json", "missing or not a list of names", field="systems")
        if not config["systems"]:
            raise DataError(folder / "config.json", "no systems", field="systems")
        if not isinstance(config.get("benchmark"), str):
            raise DataError(folder / "config.json", "missing or not a string", field="benchmark")
        check_bootstrap_settings(folder / "config.json", config)
        if config.get("match_negatives") not in MATCH_CHOICES:
            raise DataError(folder / "config.json", f"expected one of {list(MATCH_CHOICES)}", field="match_negatives")
        if not (folder / RELEASE_COPY).is_dir():
            raise DataError(folder / RELEASE_COPY, "missing: the results folder's copy of the benchmark it scored "
                                                   "is needed to recompute it")
        modalities = config.get("corpus_modalities") or [TEXT]
        bench = load_folder(folder / RELEASE_COPY, name=config["benchmark"],
                            target=modalities[0] if len(modalities) == 1 else TEXT)
        runs = {s: read_run(folder / "runs" / run_file_name(s)) for s in config["systems"]}
        params = {"ks": list(DEFAULT_KS), "seed": config["seed"], "replicates": config["replicates"],
                  "level": DEFAULT_LEVEL, "match_negatives": config["match_negatives"]}
        return bench, runs, {}, params

    def overall_rows(self, board: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """The ``overall/all`` group's rows."""
        return {name: {"system": name, "metrics": m}
                for name, m in board["groups"]["overall"]["all"]["systems"].items()}

    def table_rows(self, board: Mapping[str, Any]) -> list[dict[str, Any]]:
        """One dict per system of the overall group (``rank``, ``system``, each key's value)."""
        overall = board["groups"]["overall"]["all"]["systems"]
        return [{"rank": i, "system": name, **{k: m["value"] for k, m in metrics.items()}}
                for i, (name, metrics) in enumerate(overall.items(), start=1)]

    def kept_runs(self, ev: Evaluation, runs: Mapping[str, Run]) -> dict[str, Run]:
        """The runs as retrieved (a c2c list still holds its anchor; scoring removes it)."""
        return dict(runs)

    def api_config(self, *, match_negatives: str | None, source: Path | None,
                   rerank_depth: int | None) -> dict[str, Any]:
        """The scoring rule, the source folder and the rerank depth (what the reader needs)."""
        return {"match_negatives": match_negatives, "argv": [],
                "source_folder": None if source is None else str(source), "rerank_depth": rerank_depth}


#: every kind by :attr:`execir.records.Benchmark.kind`
KINDS: dict[str, BenchmarkKind] = {SINGLE_TASK: SingleTask(), MULTITASK: Multitask()}
#: every kind by its leaderboard's ``format`` field (a single-task leaderboard has none)
BY_FORMAT: dict[str | None, BenchmarkKind] = {kind.leaderboard_format: kind for kind in KINDS.values()}


def kind_of(bench: Benchmark) -> BenchmarkKind:
    """The hooks of ``bench``'s kind (:attr:`execir.records.Benchmark.kind`)."""
    return KINDS[bench.kind]


def board_kind(board: Mapping[str, Any]) -> BenchmarkKind:
    """The kind that wrote ``board`` (a leaderboard dict), by its ``format`` field; an unknown
    or absent one is the single-task kind."""
    return BY_FORMAT.get(board.get("format"), KINDS[SINGLE_TASK])


def results_kind(folder: str | Path) -> BenchmarkKind:
    """The kind of the results folder ``folder`` (:func:`board_kind` of its ``leaderboard.json``);
    a missing or unreadable leaderboard gives the single-task kind, whose reader names the
    problem."""
    path = Path(folder) / "leaderboard.json"
    if not path.is_file():
        return KINDS[SINGLE_TASK]
    try:
        board = read_json(path)
    except DataError:
        return KINDS[SINGLE_TASK]  # the single-task reader names the problem
    return board_kind(board) if isinstance(board, dict) else KINDS[SINGLE_TASK]
