"""execir.construction: five validation gates, integrity sweeps and reproducible release assembly.

Public names: ``build_release`` (see :mod:`execir.construction.release`), the gate checks and names in
:mod:`execir.construction.gates`, and ``REPORT_FILE``.
"""

from execir.construction.gates import GATES, Rejection
from execir.construction.release import REPORT_FILE, build_release
from execir.construction.report import rejected_tasks_lines

__all__ = ["GATES", "REPORT_FILE", "Rejection", "build_release", "rejected_tasks_lines"]
