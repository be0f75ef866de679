"""Reading the inputs of ``execir exec``: a code file and a tests file."""

from __future__ import annotations

import json
from pathlib import Path

from typing import TYPE_CHECKING

from execir.errors import DataError, json_error

if TYPE_CHECKING:
    from execir.execution.outcomes import SuiteResult


#: Python type of a parsed JSON value -> its JSON name
_JSON_KIND = {dict: "object", str: "string", int: "number", float: "number", bool: "boolean",
              type(None): "null"}


def read_code_file(path: Path) -> str:
    """The text of a code file (UTF-8, a BOM dropped).  Raises :class:`DataError` when unreadable
    or not UTF-8 (naming the line).  A snippet that does not parse is run (``ERROR:SyntaxError``
    is its outcome), not rejected."""
    return _decode(Path(path), "code file")


def _decode(path: Path, what: str) -> str:
    """UTF-8 text of ``path`` (a leading BOM dropped).  Raises DataError naming the line where
    decoding fails, or why the file cannot be read."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise DataError(path, f"cannot read {what}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DataError(path, f"not UTF-8 text ({exc.reason})", line=line) from None


def _check_compiles(path: Path, test: str, *, line: int | None = None, field: str | None = None
                    ) -> None:
    """Reject a test that is not Python (parsed only, never run here)."""
    try:
        compile(test, "<test>", "exec", dont_inherit=True)
    except SyntaxError as exc:
        where = f" (column {exc.offset})" if exc.offset else ""
        raise DataError(path, f"not a Python statement: {exc.msg}{where}", line=line,
                        field=field) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        raise DataError(path, f"not a Python statement: {type(exc).__name__}", line=line,
                        field=field) from None


def read_tests_file(path: Path, language: str = "python") -> list:
    """Tests from ``path``: a JSON list, or (Python only) one test per non-blank line.

    A JSON list holds either test strings (function-level tests in ``language``) or
    ``{"input": str, "output": str}`` objects (stdin/stdout tests), not both.  A file whose first
    non-blank character is ``[``, or whose name ends in ``.json``, must be such a list (an error
    names the line and column where it stops parsing); a file that is a single other JSON value (string, object, number) is
    rejected rather than run; a Python test string must parse as Python (other languages' tests
    are compiled with the snippet, so their errors are outcomes).

    Raises:
        DataError: naming file, line and field, on unreadable or non-UTF-8 content, malformed
            JSON, a malformed test, a Python test that is not Python, a one-test-per-line file
            for another language, or zero tests.
    """
    path = Path(path)
    text = _decode(path, "tests file")
    if text.lstrip().startswith("[") or path.suffix.lower() == ".json":
        try:
            tests = json.loads(text)
        except json.JSONDecodeError as exc:
            raise json_error(path, exc) from None
        if not isinstance(tests, list):
            raise DataError(path, "expected a JSON list of test strings or of "
                                  '{"input": str, "output": str} objects, got '
                                  f"a JSON {_JSON_KIND.get(type(tests), 'value')}")
        io_tests = bool(tests) and isinstance(tests[0], dict)
        for i, test in enumerate(tests):
            if io_tests:
                if (not isinstance(test, dict) or set(test) != {"input", "output"}
                        or not all(isinstance(v, str) for v in test.values())):
                    raise DataError(path, 'expected {"input": str, "output": str} like the first '
                                          "test", field=f"[{i}]")
            elif not isinstance(test, str):
                raise DataError(path, f"expected a string, got {type(test).__name__}",
                                field=f"[{i}]")
            elif language == "python":
                _check_compiles(path, test, field=f"[{i}]")
    elif language != "python":
        raise DataError(path, f"{language} tests must be a JSON list of test strings or of "
                              '{"input": ..., "output": ...} objects')
    else:
        numbered = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
        tests = [line for _, line in numbered]
        if len(tests) == 1:
            try:
                value = json.loads(tests[0])
            except json.JSONDecodeError:
                value = None
            if value is not None and not isinstance(value, list):
                # A lone JSON string/object would run as a bare expression and "pass".
                raise DataError(path, f"a JSON {type(value).__name__} is not a test; give a JSON "
                                      "list of test strings or one test per line", line=numbered[0][0])
        for n, line in numbered:
            _check_compiles(path, line, line=n)
    if not tests:
        raise DataError(path, "no tests found" if text else "the file is empty")
    return tests


def error_diagnostic(code: str, language: str, result: "SuiteResult", *, limit: int = 20
                     ) -> list[str]:
    """What ``execir exec`` prints under its table when a test is ``ERROR:...``: the first
    ``limit`` lines of the captured compiler / program output (for Python code that does not
    compile and printed nothing, the SyntaxError itself), indented, after a heading; ``[]`` when
    no test is an ERROR or there is nothing to show."""
    from execir.execution.outcomes import ERROR_PREFIX

    if not any(o.startswith(ERROR_PREFIX) for o in result.outcomes):
        return []
    text = result.output
    if not text.strip() and language == "python":
        try:
            compile(code, "<code>", "exec", dont_inherit=True)
        except SyntaxError as exc:
            where = f" (line {exc.lineno}, column {exc.offset})" if exc.lineno else ""
            text = f"{type(exc).__name__}: {exc.msg}{where}"
        except (ValueError, RecursionError, MemoryError) as exc:
            text = f"{type(exc).__name__}: {exc}"
    lines = text.rstrip().splitlines() if text.strip() else []
    if not lines:
        return []
    out = ["output of the code (compiler or program):"] + [f"  {line}" for line in lines[:limit]]
    if len(lines) > limit:
        out.append(f"  ... {len(lines) - limit} more line(s) (--json shows all)")
    return out
