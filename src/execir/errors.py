"""The error types of execir: one home for every error a user can cause.

* :class:`DataError` -- a file's content is unusable; its message names the file, line and field.
* :class:`UsageError` -- an option or argument has an unusable value.

The CLI prints either as one line on stderr and exits with code 2; the Python API raises them.
"""

from __future__ import annotations

import json

import os


class DataError(Exception):
    """Bad input data.  ``str(err)`` is one line: ``FILE:LINE: field 'X': what is wrong``.

    Attributes:
        path: the file.
        line: 1-based line number, or ``None`` when the problem is the whole file.
        field: the offending field, or ``None``.
        message: what is wrong (without the place).
    """

    def __init__(self, path: str | os.PathLike[str], message: str, *, line: int | None = None,
                 field: str | None = None):
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        where = self.path if line is None else f"{self.path}:{line}"
        what = message if field is None else f"field '{field}': {message}"
        super().__init__(f"{where}: {what}")


class UsageError(Exception):
    """A command-line option or API argument has an unusable value (unknown system, bad k...).

    The CLI prints ``str(err)`` on one line and exits with code 2.
    """


def json_problem(exc: "json.JSONDecodeError") -> str:
    """``not valid JSON (<what> at column <n>)`` for a :class:`json.JSONDecodeError` (its ``msg``
    alone can end mid-sentence: "Invalid control character at")."""
    what = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg
    return f"not valid JSON ({what} at column {exc.colno})"
