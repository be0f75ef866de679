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


class UnknownName(UsageError, KeyError):
    """A name (a system, a metric...) that is not among the valid ones; the message lists them.

    A :class:`KeyError` (for code that looks names up) and a :class:`UsageError` (the CLI prints
    it as one line); ``str(err)`` is the message itself, not KeyError's quoted repr.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _at_end(exc: "json.JSONDecodeError") -> bool:
    """Only whitespace follows the place json stopped (and something precedes it)."""
    doc = exc.doc if isinstance(exc.doc, str) else ""
    return not doc[exc.pos:].strip() and bool(doc.strip())


def json_position(exc: "json.JSONDecodeError") -> tuple[int, int]:
    """1-based ``(line, column)`` of the problem in ``exc.doc``.  json reports a text that ends
    too early (a missing ``}`` or ``]``, a truncated file) at the start of the empty line after
    the last newline; the place is just after the last character instead (column 35 of a
    34-character line)."""
    doc = exc.doc if isinstance(exc.doc, str) else ""
    if not doc.strip():
        return 1, 1
    pos = len(doc.rstrip()) if _at_end(exc) else exc.pos
    return doc.count("\n", 0, pos) + 1, pos - doc.rfind("\n", 0, pos)


def json_problem(exc: "json.JSONDecodeError") -> str:
    """``not valid JSON (<what> at column <n>)`` for a :class:`json.JSONDecodeError` (its ``msg``
    alone can end mid-sentence: "Invalid control character at"); the column is
    :func:`json_position`'s."""
    if not (exc.doc if isinstance(exc.doc, str) else "").strip():
        return "not valid JSON (only white space)" if exc.doc else "not valid JSON (empty)"
    what = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg
    end = ", where the text ends" if _at_end(exc) else ""
    return f"not valid JSON ({what} at column {json_position(exc)[1]}{end})"


def json_error(path: str | os.PathLike[str], exc: "json.JSONDecodeError", *,
               line: int | None = None, hint: str = "") -> DataError:
    """The :class:`DataError` for bad JSON in ``path``: :func:`json_problem` at the problem's
    line of the file (``line``: the file line where the parsed text starts, e.g. a JSONL line;
    default 1, the whole file)."""
    return DataError(path, json_problem(exc) + hint,
                     line=(line or 1) + json_position(exc)[0] - 1)
