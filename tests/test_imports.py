"""Imports point one way: no module of execir imports, directly or through others, a module that
imports it back (lazy imports inside functions count too).  Edges into a package's
``__init__`` (re-exports) are not followed: a package re-exporting its own modules is not a
circle between modules."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def _modules() -> dict[str, Path]:
    out = {}
    for p in (SRC / "execir").rglob("*.py"):
        rel = p.relative_to(SRC).with_suffix("")
        out[".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)] = p
    return out


def _graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    packages = {m for m, p in mods.items() if p.name == "__init__.py"}
    graph: dict[str, set[str]] = {m: set() for m in mods if m not in packages}
    for m in graph:
        for node in ast.walk(ast.parse(mods[m].read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("execir"):
                targets = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
                graph[m].update(t for t in targets if t in graph)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles_between_modules() -> None:
    assert _cycles(_graph(_modules())) == []


def test_the_checker_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
