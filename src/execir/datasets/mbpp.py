"""MBPP adapter for a user-supplied file (Austin et al., 2021; CC BY 4.0).

Accepts the original ``mbpp.jsonl`` (fields ``task_id``, ``text``, ``code``, ``test_list``,
``test_setup_code``, optional ``test_imports``) and the sanitized ``sanitized-mbpp.json`` (a JSON
array whose rows carry ``prompt`` instead of ``text``).

Mapping: query = ``text`` (or ``prompt``); canonical = ``code`` with CRLF line ends normalised to
LF; entry point = the first function called in the first test that the code defines; tests = each
assert of ``test_list`` prefixed by the ``test_imports`` lines and ``test_setup_code`` so every test
is self-contained.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Mapping

from execir.errors import DataError, json_error
from execir.formats.entry_points import find_entry_point
from execir.formats.files import iter_jsonl
from execir.records import Task

SOURCE = "mbpp"
def _rows(path: Path) -> Iterable[tuple[int, dict[str, Any]]]:
    if path.suffix == ".json":
        if not path.is_file():
            raise DataError(path, "file not found")
        try:
            data = json.loads(path.read_text(encoding="utf-8-sig"))
        except json.JSONDecodeError as exc:
            raise json_error(path, exc) from None
        if not isinstance(data, list):
            raise DataError(path, "expected a JSON array of problems")
        for index, row in enumerate(data, start=1):
            if not isinstance(row, dict):
                raise DataError(path, f"array item {index} is not an object")
            # Items of a JSON array have no line of their own; report the 1-based item number.
            yield index, row
    else:
        yield from iter_jsonl(path)


def task_from_row(row: Mapping[str, Any], *, path: Path, line: int) -> Task:
    """Convert one MBPP row to a :class:`Task`.

    Raises:
        DataError: a required field is missing or has the wrong type, or no entry point is found.
    """
    text_field = "text" if "text" in row else "prompt"
    for name in (text_field, "code"):
        if not isinstance(row.get(name), str):
            raise DataError(path, "missing or not a string", line=line, field=name)
    if "task_id" not in row:
        raise DataError(path, "missing", line=line, field="task_id")
    tests = row.get("test_list")
    if not isinstance(tests, list) or not tests or not all(isinstance(t, str) for t in tests):
        raise DataError(path, "missing or not a non-empty list of strings", line=line, field="test_list")
    imports = row.get("test_imports") or []
    if not isinstance(imports, list) or not all(isinstance(t, str) for t in imports):
        raise DataError(path, "not a list of strings", line=line, field="test_imports")
    setup = row.get("test_setup_code") or ""
    if not isinstance(setup, str):
        raise DataError(path, "not a string", line=line, field="test_setup_code")
    code = row["code"].replace("\r\n", "\n")
    entry_point = find_entry_point(code, tests[0])
    if entry_point is None:
        raise DataError(path, "no function call found in the first test", line=line, field="test_list")
    prefix = [line_ for line_ in imports] + ([setup.replace("\r\n", "\n")] if setup.strip() else [])
    return Task(
        task_id=f"mbpp/{row['task_id']}",
        query=" ".join(row[text_field].split()),
        entry_point=entry_point,
        canonical=code,
        tests=tuple("\n".join(prefix + [t.replace("\r\n", "\n")]) for t in tests),
        language="python",
        source=SOURCE,
    )


def load_mbpp(path: str | Path) -> list[Task]:
    """Load MBPP tasks from ``mbpp.jsonl`` or ``sanitized-mbpp.json``.

    Raises:
        DataError: file missing, not JSON/JSONL, or a row lacks a field (names file, line, field).
    """
    path = Path(path)
    return [task_from_row(row, path=path, line=line) for line, row in _rows(path)]
