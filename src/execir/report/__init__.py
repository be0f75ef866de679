"""execir.report: figures and a self-contained HTML report of a results directory.

Public names: :func:`write_report` (figures + ``report.html``), :func:`write_figures`.
"""

from execir.report.figures import write_figures
from execir.report.html import write_report

__all__ = ["write_figures", "write_report"]
