"""The built-in ``execir-py`` release: tasks shipped as package data, one JSONL file per domain.

Each line is a :meth:`execir.records.Task.to_dict` record.  See ``docs/datasets/execir-py.md``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from execir.errors import DataError
from execir.formats.files import read_records
from execir.records import Task

NAME = "execir-py"

#: The ten ExecRetrieval domains (ExecRetrieval §3.1, table 1).
DOMAINS = (
    "bit_manipulation", "collections", "data_transformation", "date_time", "geometry",
    "math_numerical", "sorting_searching", "state_machines", "string_processing", "validation",
)


def data_folder() -> Path:
    """Folder holding the per-domain JSONL files inside the installed package."""
    return Path(str(resources.files("execir.datasets").joinpath("data", NAME)))


def load_builtin(folder: str | Path | None = None) -> list[Task]:
    """Load every ``<domain>.jsonl`` file of ``folder`` (default: the packaged data).

    Returns:
        tasks sorted by domain file name, then file order.

    Raises:
        DataError: the folder has no JSONL files, or a row is malformed (file, line, field).
    """
    folder = Path(folder) if folder is not None else data_folder()
    files = sorted(folder.glob("*.jsonl"))
    if not files:
        raise DataError(folder, "no *.jsonl task files found")
    tasks: list[Task] = []
    for path in files:
        tasks.extend(read_records(path, Task.from_dict))
    return tasks
