"""``execir reproduce`` and ``execir compare`` on multitask results folders.

A multitask results folder (:mod:`execir.evaluation.multitask_results`) holds the benchmark it
scored (``release/``), the runs as retrieved (``runs/``) and the settings (``config.json``), so
both commands recompute from the folder alone: :func:`reproduce_multitask` rescores every run and
diffs each file execir wrote; :func:`compare_multitask` pools the systems of several folders that
scored the same benchmark and returns their pairwise tests (overall and per task).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Sequence

from execir.errors import DataError, UsageError
from execir.evaluation.evaluate import MATCH_CHOICES, score_runs
from execir.evaluation.multitask import multitask_tables
from execir.evaluation.multitask_results import RELEASE_COPY, write_multitask_results
from execir.evaluation.results import check_bootstrap_settings, diff_json, pooled_names
from execir.io import read_json, read_run
from execir.multitask.folders import load_folder
from execir.schema import TEXT, Benchmark, Run, run_file_name

#: the files :func:`reproduce_multitask` compares (JSON by value, the CSV by bytes)
COMPARED = ("leaderboard.json", "pairwise_tests.json", "analyses/multitask_breakdown.json",
            "analyses/intrusion.json", "analyses/task_language.json")


def load_multitask_inputs(folder: str | Path) -> tuple[Benchmark, dict[str, Run], dict[str, Any]]:
    """``(benchmark, runs, config)`` saved in a multitask results folder.

    Raises:
        DataError: ``config.json``, a run or the benchmark copy is missing or malformed.
    """
    folder = Path(folder)
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
    return bench, runs, config


def _diff_file(name: str, saved: Path, new: Path, out: list[str]) -> None:
    if not saved.is_file():
        out.append(f"{name}: missing in saved results")
    elif not new.is_file():
        out.append(f"{name}: not recomputed")
    else:
        diff_json(read_json(saved), read_json(new), name, out)


def reproduce_multitask(folder: str | Path) -> list[str]:
    """Recompute a multitask results folder from its saved runs and benchmark copy; one line per
    value that differs (an empty list: reproduced exactly).

    Raises:
        DataError: a file the run wrote is missing or malformed.
    """
    folder = Path(folder)
    bench, runs, config = load_multitask_inputs(folder)
    ev = score_runs(bench, runs, match_negatives=config["match_negatives"])
    diffs: list[str] = []
    with tempfile.TemporaryDirectory(prefix="execir-reproduce-") as tmp:
        tmp_path = Path(tmp)
        write_multitask_results(ev, tmp_path, seed=config["seed"], replicates=config["replicates"], runs=runs)
        for name in COMPARED:
            _diff_file(name, folder / name, tmp_path / name, diffs)
        saved_csv = folder / "leaderboard.csv"
        if not saved_csv.is_file() or saved_csv.read_bytes() != (tmp_path / "leaderboard.csv").read_bytes():
            diffs.append("leaderboard.csv: bytes differ")
    return diffs


def compare_multitask(folders: Sequence[str | Path], *, seed: int | None = None,
                      replicates: int | None = None) -> dict[str, Any]:
    """Pairwise tests among the systems of one or more multitask results folders (one folder:
    its saved ``pairwise_tests.json``).  Systems are labelled by
    :func:`execir.evaluation.results.pooled_names`.

    Raises:
        UsageError: the folders scored different benchmarks (benchmark files or match rule).
        DataError: a folder lacks a file the run wrote.
    """
    if len(folders) == 1:
        return read_json(Path(folders[0]) / "pairwise_tests.json")
    loaded = [load_multitask_inputs(f) for f in folders]
    first, _, config = loaded[0]
    runs: dict[str, Run] = {}
    labels = pooled_names(folders, [list(f_runs) for _, f_runs, _ in loaded])
    for f, (bench, f_runs, f_config), names in zip(folders, loaded, labels):
        if bench.fingerprint() != first.fingerprint():
            raise UsageError(f"{f}: scored a different benchmark than {folders[0]}; cannot compare")
        if f_config["match_negatives"] != config["match_negatives"]:
            raise UsageError(f"{f}: scored with --match-negatives {f_config['match_negatives']}, "
                             f"{folders[0]} with {config['match_negatives']}; cannot compare")
        for name, run in f_runs.items():
            runs[names[name]] = run
    ev = score_runs(first, runs, match_negatives=config["match_negatives"])
    _, table = multitask_tables(ev, seed=config["seed"] if seed is None else seed,
                                replicates=config["replicates"] if replicates is None else replicates)
    return table
