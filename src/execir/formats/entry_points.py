"""The entry point a Python test calls: read from a canonical and its first test (MBPP files,
the ExecRetrieval release layout), without running either."""

from __future__ import annotations

import ast
import builtins
import re
import warnings

_DEF_RE = re.compile(r"^\s*def\s+([A-Za-z_]\w*)\s*\(", re.MULTILINE)


def _parse_quietly(source: str) -> ast.Module:
    """``ast.parse`` without the invalid-escape warnings old MBPP code triggers."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(source)


def _defined_functions(code: str) -> list[str]:
    try:
        tree = _parse_quietly(code)
    except SyntaxError:
        return _DEF_RE.findall(code)
    return [node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _called_names(test: str) -> list[str]:
    try:
        tree = _parse_quietly(test)
    except SyntaxError:
        return re.findall(r"([A-Za-z_]\w*)\s*\(", test)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            names.append(node.func.id)
    return names


def find_entry_point(code: str, test: str) -> str | None:
    """The function the test calls: the first called name the code defines, else the first
    called name that is not a builtin, else ``None``."""
    called = _called_names(test)
    defined = set(_defined_functions(code))
    for name in called:
        if name in defined:
            return name
    for name in called:
        if not hasattr(builtins, name):
            return name
    return None
