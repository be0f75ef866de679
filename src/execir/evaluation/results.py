"""Reading a results directory back: ``load_results``, ``reproduce`` and ``compare``.

:func:`execir.workflow.reproduce.reproduce` recomputes a folder from what this module reads back.
``compare`` pools the systems of one or
more results directories built on the same release and returns their pairwise tests.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Any, Sequence

from execir.errors import DataError, UsageError
from execir.evaluation.analyses import ANALYSIS_NAMES
from execir.evaluation.evaluate import score_runs
from execir.evaluation.kinds import kind_of, results_kind
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
