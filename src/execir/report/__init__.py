"""execir.report: figures and a self-contained HTML report of a results directory.

Public names: :func:`write_report` (figures + ``report.html``), :func:`write_figures`,
:func:`written_line` (what ``execir report`` prints).
"""

from pathlib import Path

from execir.report.figures import write_figures
from execir.report.html import write_report

__all__ = ["write_figures", "write_report", "written_line"]


def written_line(page: Path) -> str:
    """The one line ``execir report`` prints: the page it wrote and where its figures are."""
    return f"wrote {page} (figures in {Path(page).parent / 'figures'})"
