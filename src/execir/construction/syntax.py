"""Syntax questions the gates and sweeps ask of a snippet in any oracle language.

Python is answered with :mod:`ast` by :mod:`execir.construction.gates` itself (unchanged since the
Python-only builder, so Python releases keep their bytes); every other language the oracle runs
(:data:`execir.execution.languages.LANGUAGES`: C++, Java, Go, Ruby, JavaScript, Rust) is parsed
with the tree-sitter grammar of the mutation engine (:mod:`execir.mutation.languages`).  Nothing
here runs code.

A program "parses" when its tree-sitter tree has no ERROR or MISSING node; the functions it
"defines" are the names :meth:`execir.mutation.languages.Language.function_names` finds (free
functions, methods, and JavaScript ``const f = (...) => ...`` bindings), anywhere in the file.
"""

from __future__ import annotations

import re

from execir.execution import languages
from execir.mutation.languages import get_language

PYTHON = "python"


def canonical_language(name: str) -> str | None:
    """The oracle's name for language ``name`` (``"c++"`` -> ``"cpp"``, ``"py"`` -> ``"python"``),
    or None when the oracle does not run it."""
    try:
        return languages.canonical(name)
    except ValueError:
        return None


def supported_languages() -> tuple[str, ...]:
    """Every language the builder accepts, sorted (the oracle's languages)."""
    return tuple(sorted(languages.LANGUAGES))


def parse_problem(code: str, language: str) -> str | None:
    """None when ``code`` parses cleanly in ``language`` (not Python), else a short reason naming
    the first bad line (``"syntax error at line 3"``)."""
    lang = get_language(language)
    root = lang.parser().parse(code.encode("utf-8")).root_node
    if not root.has_error:
        return None
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            what = f"missing {node.type!r}" if node.is_missing else "syntax error"
            return f"{what} at line {node.start_point[0] + 1}"
        stack.extend(reversed([c for c in node.children if c.has_error or c.is_missing]))
    return "syntax error"


def defined_names(code: str, language: str) -> set[str] | None:
    """Names of the functions ``code`` defines in ``language`` (not Python), or None when it does
    not parse cleanly."""
    lang = get_language(language)
    root = lang.parser().parse(code.encode("utf-8")).root_node
    if root.has_error:
        return None
    return {n.text.decode("utf-8") for n in lang.function_names(root)}


def mentions(text: str, name: str) -> bool:
    """True when identifier ``name`` occurs in ``text`` as a whole word (a test that calls the
    entry point: ``add(1, 2)``, ``s.add(1, 2)``, ``candidate := Add``)."""
    return re.search(rf"(?<![A-Za-z0-9_$]){re.escape(name)}(?![A-Za-z0-9_$])", text) is not None
