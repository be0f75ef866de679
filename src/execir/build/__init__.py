"""execir.build: five validation gates, integrity sweeps and reproducible release assembly.

Public names: ``build_release`` (see :mod:`execir.build.release`), the gate checks and names in
:mod:`execir.build.gates`, and ``REPORT_FILE``.
"""

from execir.build.gates import GATES, Rejection
from execir.build.release import REPORT_FILE, build_release
from execir.build.report import rejected_tasks_lines

__all__ = ["GATES", "REPORT_FILE", "Rejection", "build_release", "rejected_tasks_lines"]
