"""Pairs whose outcome is certain without running them: a Python snippet that cannot bind the
name its tests call.

At evaluation time most retrieved snippets whose label a release does not know belong to another
task and define another function: on execir-py with BM25 and MiniLM, 13,690 of the 13,690
(query, snippet) pairs left to label were such pairs, and every test of every one ended in
``FAIL:NameError``.  :func:`cannot_bind` proves that outcome from the source text alone (the code
is read, never run), so those pairs skip the sandbox.  The proof is deliberately narrow; any doubt
means the pair is executed as usual:

* the snippet never spells the name (no ``def``, assignment, import or mention of it at all),
  imports nothing with ``*`` and uses none of the reflective facilities that could create a
  binding from a computed string (``exec``, ``eval``, ``compile``, ``globals``, ``locals``,
  ``vars``, ``setattr``, ``__dict__``, ``__builtins__``, ``builtins``, ``__import__``,
  ``importlib``, ``sys``, ``getattr`` with a computed attribute name...);
* the name is an identifier that is not a builtin (a test calling ``sorted`` would work anyway);
* every test is straight-line code (expression statements, assignments, ``assert``, imports)
  that binds the name nowhere and reaches a statement that evaluates it unconditionally (walking
  the expression in evaluation order through calls, operators, attributes, subscripts and
  displays only -- not past the first operand of ``and``/``or``, a conditional expression, a
  chained comparison's first link, a comprehension or a ``lambda``; an ``assert``'s message does
  not count).  Such a test cannot pass: that statement raises ``NameError`` unless something
  before it raised first.

Each test of such a pair gets :data:`~execir.execution.outcomes.ENTRY_POINT_UNDEFINED`: it must
fail; the outcome names one sufficient reason (an earlier statement of the test could fail first
for another).
"""

from __future__ import annotations

import ast
import builtins
import keyword
import re
from typing import Sequence

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STAR_IMPORT = re.compile(r"\bimport\s*\(?\s*\*")
#: words whose presence (in the snippet or a test) could mean a binding made from a string
_REFLECTION = frozenset({
    "exec", "eval", "compile", "globals", "locals", "vars", "setattr", "__setattr__",
    "__dict__", "__builtins__", "builtins", "__import__", "importlib", "modules", "runpy",
    "__getattr__", "__class__", "__globals__", "ctypes", "gc", "inspect", "__subclasses__",
    "__bases__", "__mro__", "_getframe", "f_globals", "f_locals", "f_back", "__code__",
    "__self__", "__module__", "sys", "getattr", "__getattribute__", "attrgetter",
    "methodcaller", "operator"})
_SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Assert, ast.Import,
           ast.ImportFrom)


def _evaluates(node: ast.AST | None, name: str) -> bool:
    """True when evaluating expression ``node`` always evaluates ``Name(name)`` (unless an
    earlier part raises first)."""
    if node is None:
        return False
    if isinstance(node, ast.Name):
        return node.id == name
    if isinstance(node, ast.Call):
        return (_evaluates(node.func, name) or any(_evaluates(a, name) for a in node.args)
                or any(_evaluates(k.value, name) for k in node.keywords))
    if isinstance(node, ast.BinOp):
        return _evaluates(node.left, name) or _evaluates(node.right, name)
    if isinstance(node, ast.UnaryOp):
        return _evaluates(node.operand, name)
    if isinstance(node, ast.Compare):  # a chain stops early: only its first two operands
        return _evaluates(node.left, name) or _evaluates(node.comparators[0], name)
    if isinstance(node, ast.BoolOp):
        return _evaluates(node.values[0], name)
    if isinstance(node, ast.IfExp):
        return _evaluates(node.test, name)
    if isinstance(node, (ast.Attribute, ast.Starred)):
        return _evaluates(node.value, name)
    if isinstance(node, ast.Subscript):
        return _evaluates(node.value, name) or _evaluates(node.slice, name)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_evaluates(e, name) for e in node.elts)
    if isinstance(node, ast.Dict):
        return any(_evaluates(e, name) for e in (*node.keys, *node.values) if e is not None)
    return False


def _binds(tree: ast.AST, name: str) -> bool:
    """True when anything in ``tree`` could bind ``name`` (assignment target, import, def,
    class, global/nonlocal, walrus, loop or ``with`` target...)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and node.name == name:
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (a.asname or a.name.split(".")[0]) in (name, "*") for a in node.names):
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True
    return False


def _test_must_fail(test: str, name: str) -> bool:
    """True when ``test`` (with ``name`` unbound) certainly fails: see the module docstring."""
    if set(_WORD.findall(test)) & _REFLECTION:
        return False
    try:
        tree = ast.parse(test)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    if _binds(tree, name):
        return False
    for stmt in tree.body:
        if not isinstance(stmt, _SIMPLE):
            return False
        if isinstance(stmt, ast.Assert):
            if _evaluates(stmt.test, name):
                return True
        elif isinstance(stmt, ast.Expr):
            if _evaluates(stmt.value, name):
                return True
        elif isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            if _evaluates(stmt.value, name):
                return True
    return False


def cannot_bind(code: str, tests: Sequence, entry_point: str, language: str = "python") -> bool:
    """True when running ``code`` with each of ``tests`` is certain to fail every test because
    ``entry_point`` is never bound (the exact rule is in the module docstring).

    Args:
        code: the snippet's source (read as text; never run).
        tests: the query's tests (strings; stdin/stdout tests never qualify).
        entry_point: the name the tests call.
        language: only ``"python"`` qualifies.

    Returns:
        False whenever the proof does not go through (the pair must then be executed).
    """
    if language != "python" or not entry_point.isidentifier() or keyword.iskeyword(entry_point):
        return False
    if hasattr(builtins, entry_point) or not tests:
        return False
    words = set(_WORD.findall(code))
    if entry_point in words or words & _REFLECTION or _STAR_IMPORT.search(code):
        return False
    return all(isinstance(t, str) and _test_must_fail(t, entry_point) for t in tests)
