"""Reading the inputs of ``execir exec``: a code file and a tests file."""

from __future__ import annotations

import json
from pathlib import Path

from execir.errors import DataError


def read_code_file(path: Path) -> str:
    """The text of a code file (UTF-8). Raises :class:`DataError` when unreadable."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, f"cannot read code file: {exc}") from None


def read_tests_file(path: Path) -> list[str]:
    """Tests from ``path``: a JSON list of strings, or else one test per non-blank line.

    A file whose first non-blank character is ``[`` must be a JSON list of strings; a file that
    is a single other JSON value (string, object, number) is rejected rather than run.  Raises
    :class:`DataError` (naming file, line and field) on malformed content or zero tests.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, f"cannot read tests file: {exc}") from None
    if text.lstrip().startswith("["):
        try:
            tests = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(path, f"invalid JSON: {exc.msg}", line=exc.lineno) from None
        if not isinstance(tests, list):
            raise DataError(path, "expected a JSON list of test strings")
        for i, test in enumerate(tests):
            if not isinstance(test, str):
                raise DataError(path, f"expected a string, got {type(test).__name__}",
                                field=f"[{i}]")
    else:
        tests = [line for line in text.splitlines() if line.strip()]
        if len(tests) == 1:
            try:
                value = json.loads(tests[0])
            except json.JSONDecodeError:
                value = None
            if value is not None and not isinstance(value, list):
                # A lone JSON string/object would run as a bare expression and "pass".
                raise DataError(path, f"a JSON {type(value).__name__} is not a test; give a JSON "
                                      "list of test strings or one test per line", line=1)
    if not tests:
        raise DataError(path, "no tests found")
    return tests
