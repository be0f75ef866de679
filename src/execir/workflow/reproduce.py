"""``execir reproduce``: recompute a results directory from its saved runs, labels and release
copy, and list every value that differs from the saved files (none is expected: the computation is
deterministic), the release copy's probe card included (recomputed by :mod:`execir.probes.card`,
which is why this lives above both evaluation and probes).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from execir.errors import DataError
from execir.evaluation.evaluate import STACKED_SCORES_FILE, score_runs
from execir.evaluation.kinds import kind_of
from execir.evaluation.multitask_results import RELEASE_COPY
from execir.evaluation.results import RESULT_FILES, analysis_files, diff_json, load_inputs
from execir.execution import Oracle
from execir.formats.files import read_json


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
