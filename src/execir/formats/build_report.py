"""A release's build report (``build_report.json``, written by ``execir build``) read back: its
probe card, which the leaderboard's reference rows, the report and every export carry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from execir.formats.files import REPORT_FILE, read_json


def release_card(release: str | Path | None) -> Any:
    """The ``probe_card`` of ``release``'s build report (a release folder, or a results folder's
    copy of it), or None when there is no report or no card (a BEIR or CoREB folder, an older
    build).  The shape is the caller's to check (:func:`execir.report.card.release_card`).

    Raises:
        DataError: a build report that is not valid JSON.
    """
    path = Path(release) / REPORT_FILE if release is not None else None
    if path is None or not path.is_file():
        return None
    report = read_json(path)
    return report.get("probe_card") if isinstance(report, dict) else report
