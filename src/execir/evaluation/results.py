"""Reading a results directory back: ``load_results``, ``reproduce`` and ``compare``.

``reproduce`` recomputes every metric, interval, pairwise test and analysis from the directory's
saved runs, labels and release copy, and lists every value that differs from the saved files
(none is expected: the computation is deterministic).  ``compare`` pools the systems of one or
more results directories built on the same release and returns their pairwise tests.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any, Sequence

from execir.errors import DataError, UsageError
from execir.evaluation.analyses import ANALYSIS_NAMES
from execir.evaluation.evaluate import STACKED_SCORES_FILE, score_runs
from execir.evaluation.kinds import check_bootstrap_settings, kind_of, results_kind  # noqa: F401
from execir.evaluation.multitask_results import RELEASE_COPY
from execir.execution import Oracle
from execir.formats.files import read_json
from execir.formats.publish import RECORD_FILE, recorded_files

RESULT_FILES = ("leaderboard.json", "pairwise_tests.json")


def analysis_files(folder: str | Path) -> list[str]:
    """The ``analyses/<name>.json`` files execir wrote in a results directory, as sorted relative
    POSIX paths: those listed in ``outputs.json`` when the folder has one (listed files may be
    missing), else those of :data:`ANALYSIS_NAMES` that exist.  Other files in ``analyses/`` (a
    user's own) are never included.

    Raises:
        DataError: ``outputs.json`` is damaged (see :func:`execir.formats.publish.recorded_files`).
    """
    folder = Path(folder)
    if os.path.lexists(folder / RECORD_FILE):
        return [f for f in recorded_files(folder)
                if f.startswith("analyses/") and f.count("/") == 1 and f.endswith(".json")]
    return sorted(f"analyses/{n}.json" for n in ANALYSIS_NAMES
                  if (folder / "analyses" / f"{n}.json").is_file())


def load_results(folder: str | Path) -> dict[str, Any]:
    """Parsed ``leaderboard.json``, ``pairwise_tests.json``, ``evaluation.json`` (if present) and
    the analyses execir wrote (:func:`analysis_files`; a user's own files are not read), as
    ``{"leaderboard": ..., "pairwise": ... | None, "evaluation": ... | None,
    "analyses": {stem: ...}}``.

    Raises:
        DataError: ``leaderboard.json`` is missing or malformed, an analysis execir wrote is
            malformed, or ``outputs.json`` is damaged.
    """
    folder = Path(folder)
    out: dict[str, Any] = {"leaderboard": read_json(folder / "leaderboard.json")}
    for name, key in (("pairwise_tests.json", "pairwise"), ("evaluation.json", "evaluation")):
        out[key] = read_json(folder / name) if (folder / name).is_file() else None
    out["analyses"] = {PurePosixPath(f).stem: read_json(folder / f) for f in analysis_files(folder)
                       if (folder / f).is_file()}
    return out


def load_inputs(folder: str | Path):
    """``(benchmark, runs, labels, params)`` saved in a results directory, read by its kind's
    reader (:meth:`execir.evaluation.kinds.BenchmarkKind.load_inputs`): its copy of the
    benchmark, the runs as scored, the execution labels (an execir release's ``labels.jsonl``; a
    multitask benchmark has its labels recorded in the copy) and the scoring parameters (``ks``,
    ``seed``, ``replicates``, ``level``, ``match_negatives``).

    Raises:
        DataError: a file is missing, malformed, or the release copy fails its SHA-256 check.
    """
    folder = Path(folder)
    return results_kind(folder).load_inputs(folder)


def diff_json(saved: Any, new: Any, path: str, out: list[str], limit: int = 50) -> None:
    """Append to ``out`` one line per leaf where the JSON values ``saved`` and ``new`` differ
    (``path/key[i]: saved X != recomputed Y``; a missing key on either side), at most ``limit``."""
    if len(out) >= limit:
        return
    if isinstance(saved, dict) and isinstance(new, dict):
        for key in sorted(set(saved) | set(new)):
            if key not in saved or key not in new:
                out.append(f"{path}/{key}: {'missing in saved' if key not in saved else 'missing in recomputed'}")
            else:
                diff_json(saved[key], new[key], f"{path}/{key}", out, limit)
    elif isinstance(saved, list) and isinstance(new, list) and len(saved) == len(new):
        for i, (a, b) in enumerate(zip(saved, new)):
            diff_json(a, b, f"{path}[{i}]", out, limit)
    elif saved != new:
        out.append(f"{path}: saved {saved!r} != recomputed {new!r}")


def reproduce(folder: str | Path, *, quiet: bool = True) -> list[str]:
    """Recompute a results directory from its saved runs and labels; return the differences.

    Compared: ``leaderboard.json``, ``leaderboard.csv``, ``pairwise_tests.json``, every
    analysis, saved (those execir wrote, :func:`analysis_files`; a user's own files in
    ``analyses/`` are ignored) or recomputed, and the release copy's probe card
    (:func:`card_differences`).  Returns one line per difference (at most ~50); an
    empty list means the saved results are reproduced exactly.

    Raises:
        DataError: the directory lacks a file ``evaluate`` writes, or ``outputs.json`` is damaged.
    """
    folder = Path(folder)
    benchmark, runs, labels, params = load_inputs(folder)
    card_diffs: list[str] = []
    # the leaderboard's best-probe row is recomputed from the card recomputed from the copy
    params["card"] = card_differences(folder / RELEASE_COPY, card_diffs)
    ev = score_runs(benchmark, runs, ks=params["ks"], labels=labels, oracle=Oracle(quiet=quiet),
                    match_negatives=params["match_negatives"])
    diffs: list[str] = []
    with tempfile.TemporaryDirectory(prefix="execir-reproduce-") as tmp:
        tmp_path = Path(tmp)
        stacked = None
        if params.get("stacked_supplied"):
            stacked = read_json(folder / params.get("stacked_file", STACKED_SCORES_FILE))
        kind_of(benchmark).write_files(ev, tmp_path, params=params, stacked=stacked, write_inputs=False)
        saved = analysis_files(folder)
        names = list(RESULT_FILES) + saved
        names += sorted(f"analyses/{p.name}" for p in (tmp_path / "analyses").glob("*.json")
                        if f"analyses/{p.name}" not in saved)
        for name in names:
            if not (folder / name).is_file():
                diffs.append(f"{name}: missing in saved results")
                continue
            if not (tmp_path / name).is_file():
                diffs.append(f"{name}: not recomputed")
                continue
            diff_json(read_json(folder / name), read_json(tmp_path / name), name, diffs)
        saved_csv = (folder / "leaderboard.csv").read_bytes() if (folder / "leaderboard.csv").is_file() else b""
        if saved_csv != (tmp_path / "leaderboard.csv").read_bytes():
            diffs.append("leaderboard.csv: bytes differ")
    return diffs + card_diffs


def card_differences(release: Path, out: list[str]) -> dict[str, Any] | None:
    """Append to ``out`` where the probe card in a results folder's release copy (its
    ``build_report.json``, which the report shows beside the leaderboard) differs from the card
    recomputed from the copy's own files with the card's seed and replicates
    (:func:`execir.probes.card.probe_card`); returns the recomputed card (None, and nothing
    appended, when the copy has no card).

    Raises:
        DataError: a build report that is not a JSON object, or whose card is not an object
            with an integer ``seed`` and ``replicates``.
    """
    from execir.formats.files import REPORT_FILE
    from execir.probes.card import probe_card

    path = release / REPORT_FILE
    report = read_json(path) if path.is_file() else {}
    if not isinstance(report, dict):
        raise DataError(path, "not a JSON object (a build report)")
    card = report.get("probe_card")
    if card is None:
        return None
    if not isinstance(card, dict) or not all(isinstance(card.get(k), int) and not isinstance(card.get(k), bool)
                                             for k in ("seed", "replicates")):
        raise DataError(path, "not a probe card with an integer seed and replicates", field="probe_card")
    fresh = probe_card(release, seed=card["seed"], replicates=card["replicates"])
    diff_json(card, fresh, f"{RELEASE_COPY}/{REPORT_FILE}/probe_card", out)
    return fresh


def pooled_names(folders: Sequence[str | Path], systems: Sequence[Sequence[str]]) -> list[dict[str, str]]:
    """Unique display names when the systems of several results folders are pooled: a system
    name found in one folder only keeps its name; one found in several becomes
    ``<folder name>/<system>`` in each (``<folder name>#<i>/<system>`` for the i-th folder, from 1,
    when folder names repeat too).  Returns one ``{system: display name}`` per folder."""
    seen: dict[str, int] = {}
    for names in systems:
        for name in set(names):
            seen[name] = seen.get(name, 0) + 1
    stems = [Path(f).name for f in folders]
    out = []
    for i, (stem, names) in enumerate(zip(stems, systems), start=1):
        prefix = stem if stems.count(stem) == 1 else f"{stem}#{i}"
        out.append({n: n if seen[n] == 1 else f"{prefix}/{n}" for n in names})
    return out


def compare(folders: Sequence[str | Path], *, metric: str | None = None, seed: int | None = None,
            replicates: int | None = None, quiet: bool = True) -> dict[str, Any]:
    """Pairwise tests among the systems of one or more results directories.

    One directory: its saved ``pairwise_tests.json``.  Several: their systems are pooled (a name
    seen in several folders is labelled by :func:`pooled_names`) and tested on the shared queries; every directory
    must hold the same benchmark (identical content and manifest hashes); CoREB's view's rows carry
    their ``group`` (``all`` or a task).  ``metric`` (e.g. ``exec@1``) keeps
    only that metric's rows.

    Raises:
        UsageError: no folders, or the releases differ.
        DataError: a directory lacks a file ``evaluate`` writes.
    """
    if not folders:
        raise UsageError("give at least one results directory")
    for f in folders:
        if not (Path(f) / "leaderboard.json").is_file():
            raise DataError(Path(f), "not a results folder (no leaderboard.json): give folders written by "
                                     "`execir run` or `execir evaluate`")
    if len(folders) == 1:
        table = read_json(Path(folders[0]) / "pairwise_tests.json")
    else:
        loaded = [load_inputs(f) for f in folders]
        first, params = loaded[0][0], loaded[0][3]
        runs, labels = {}, {}
        labels_of = pooled_names(folders, [list(f_runs) for _, f_runs, _, _ in loaded])
        for f, (bench, f_runs, f_labels, f_params), names in zip(folders, loaded, labels_of):
            if bench.fingerprint() != first.fingerprint() or \
                    dict(bench.manifest.get("sha256", {})) != dict(first.manifest.get("sha256", {})):
                raise UsageError(f"{f}: holds a different benchmark than {folders[0]}; cannot compare")
            if f_params["match_negatives"] != params["match_negatives"]:
                raise UsageError(f"{f}: scored with --match-negatives {f_params['match_negatives']}, "
                                 f"{folders[0]} with {params['match_negatives']}; cannot compare")
            for name, run in f_runs.items():
                runs[names[name]] = run
            labels.update(f_labels)
        ev = score_runs(first, runs, ks=params["ks"], labels=labels, oracle=Oracle(quiet=quiet),
                        match_negatives=params["match_negatives"])
        _, table = kind_of(first).tables(ev, seed=params["seed"] if seed is None else seed,
                          replicates=params["replicates"] if replicates is None else replicates,
                          level=params["level"])
    if metric is not None:
        rows = [r for r in table["comparisons"] if r["key"] == metric]
        if not rows and table["comparisons"]:
            known = sorted({r["key"] for r in table["comparisons"]})
            raise UsageError(f"unknown metric '{metric}'; known: {', '.join(known)}")
        table = dict(table, comparisons=rows)
    return table
