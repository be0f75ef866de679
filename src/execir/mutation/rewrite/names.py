"""Renaming rewrites: a local variable (every occurrence in its scope) gets a fresh, plausible name.

A rename is one :class:`~execir.mutation.context.Edit` spanning the first to the last occurrence
of the variable, with every occurrence replaced and everything between kept byte for byte.  It
is accepted only when the renamed variable provably is one variable: local to one function (or
one comprehension), never a parameter (callers may pass it by keyword), never declared global or
nonlocal, not bound by an import, ``def``, ``class``, ``except ... as`` or ``match`` pattern, not
a parameter of a nested function, not used inside a class body, an f-string or an annotation,
and the scope never reaches its locals by name (``locals()``, ``eval``, frames).  The new name is
a keyword, builtin and identifier nowhere in the module, so it shadows nothing.
"""

from __future__ import annotations

import ast
import random
from typing import Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.rewrite.base import (COMPS, FUNCS, Facts, RewriteOperator, facts,
                                          own_nodes, target_names)

#: plausible names by the role of the variable (the first binding decides the role)
NAMES = {
    "index": ("i", "j", "k", "idx", "index", "pos", "n", "m", "ii", "jj", "p", "q"),
    "element": ("item", "elem", "element", "x", "v", "value", "e", "el", "entry", "y", "obj",
                "cur"),
    "counter": ("count", "cnt", "total", "num", "n", "acc", "counter", "tally", "c", "k",
                "amount", "score"),
    "list": ("result", "res", "out", "output", "items", "values", "acc", "lst", "collected",
             "ans", "buf", "seen"),
    "str": ("s", "text", "out", "buf", "res", "result", "word", "string", "acc", "chars",
            "line", "piece"),
    "other": ("value", "val", "tmp", "temp", "current", "cur", "res", "result", "ans", "answer",
              "data", "item", "x", "y", "z", "w"),
}


class Candidate:
    """One renamable variable: its name, role, and every occurrence (``ast.Name`` nodes)."""

    def __init__(self, name: str, role: str, occurrences: list[ast.Name], where: str):
        self.name, self.role, self.occurrences, self.where = name, role, occurrences, where


def _is_range(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "range")


def _role(value: ast.AST | None) -> str:
    if isinstance(value, ast.Constant):
        if isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
            return "counter"
        if isinstance(value.value, str):
            return "str"
    if isinstance(value, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(value, ast.JoinedStr):
        return "str"
    return "other"


def _binding(f: Facts, node: ast.Name, parent: ast.AST) -> tuple[str, ast.AST | None]:
    """(role, assigned value) of the statement binding ``node``."""
    top: ast.AST = node
    while isinstance(parent, (ast.Tuple, ast.List, ast.Starred)):
        top, parent = parent, f.parent[id(parent)]
    if isinstance(parent, (ast.For, ast.comprehension)) and top is parent.target:
        it = parent.iter
        if top is node:
            return ("index" if _is_range(it) else "element"), None
        if (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate"
                and isinstance(top, ast.Tuple) and top.elts and top.elts[0] is node):
            return "position", None
        return "element", None
    if isinstance(parent, ast.Assign) and top is node:
        return _role(parent.value), parent.value
    return "other", None


def _blocked(f: Facts, scope: ast.AST) -> set[str]:
    """Names of ``scope`` that cannot be renamed there (module docstring), found in one walk."""
    out = set(f.declared)
    for node in ast.walk(scope):
        if isinstance(node, ast.arg):
            out.add(node.arg)  # a parameter (of scope or of a nested function)
        elif isinstance(node, ast.JoinedStr) or (isinstance(node, ast.ClassDef)
                                                 and node is not scope):
            out.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            out.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            out.add(node.rest)
        if isinstance(node, FUNCS + (ast.ClassDef,)) and node is not scope:
            out.add(node.name)
        annotations = []
        if isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        elif isinstance(node, ast.arg) and node.annotation is not None:
            annotations.append(node.annotation)
        elif isinstance(node, FUNCS) and node.returns is not None:
            annotations.append(node.returns)
        out.update(n.id for a in annotations for n in ast.walk(a) if isinstance(n, ast.Name))
    return out


def _occurrences(nodes: Iterator[ast.AST]) -> dict[str, list[ast.Name]]:
    out: dict[str, list[ast.Name]] = {}
    for n in nodes:
        if isinstance(n, ast.Name):
            out.setdefault(n.id, []).append(n)
    return out


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def candidates(ctx: MutationContext) -> list[Candidate]:
    """Every renamable variable of the eligible functions and comprehensions of ``ctx``, in
    source order of their scope, then of their first binding."""
    found = ctx.__dict__.get("_rename_candidates")
    if found is not None:
        return found
    f = facts(ctx)
    out: list[Candidate] = []
    for scope in ast.walk(ctx.tree):
        if isinstance(scope, FUNCS) and scope.body and id(scope.body[-1]) in ctx.parents:
            if f.dynamic(scope):
                continue
            first: dict[str, tuple[ast.AST | None, ast.AST | None]] = {}
            for node, parent in own_nodes(scope):
                if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) \
                        and node.id not in first:
                    first[node.id] = _binding(f, node, parent)
            blocked = _blocked(f, scope)
            occ = _occurrences(n for stmt in scope.body for n in ast.walk(stmt))
            for name, (role, _) in first.items():
                if name in blocked or _dunder(name):
                    continue
                out.append(Candidate(name, role, occ[name], f"`{scope.name}`"))
        elif isinstance(scope, COMPS) and id(scope) in ctx.parents:
            if f.dynamic(scope) or any(g.is_async for g in scope.generators):
                continue
            outer = {id(n) for n in ast.walk(scope.generators[0].iter)}
            blocked = _blocked(f, scope) | {n.target.id for n in ast.walk(scope)
                                            if isinstance(n, ast.NamedExpr)}
            occ = _occurrences(n for n in ast.walk(scope) if id(n) not in outer)
            for gen in scope.generators:
                for name in target_names(gen.target) or ():
                    if name in blocked or _dunder(name):
                        continue
                    bound = next(n for n in ast.walk(gen.target)
                                 if isinstance(n, ast.Name) and n.id == name)
                    role = _binding(f, bound, f.parent[id(bound)])[0]
                    out.append(Candidate(name, role, occ[name], "a comprehension"))
    ctx.__dict__["_rename_candidates"] = out
    return out


def rename_edit(ctx: MutationContext, cand: Candidate, new: str, what: str) -> Edit | None:
    """The single edit renaming every occurrence of ``cand`` to ``new``."""
    spans = sorted(ctx.src.span(n) for n in cand.occurrences)
    if any(ctx.src.code[a:b] != cand.name for a, b in spans):
        return None
    start, end = spans[0][0], spans[-1][1]
    parts, pos = [], start
    for a, b in spans:
        parts += [ctx.src.code[pos:a], new]
        pos = b
    parts.append(ctx.src.code[pos:end])
    line = ctx.src.line_of(start)
    return Edit(start, end, "".join(parts), f"Renamed the {what} `{cand.name}` to `{new}` in "
                f"{cand.where} (from line {line}).")


def _fresh(f: Facts, role: str, rng: random.Random | None) -> str | None:
    options = [n for n in NAMES["index" if role == "position" else role] if f.fresh(n)]
    if not options:
        return None
    return options[0] if rng is None else rng.choice(options)


class RenameLocal(RewriteOperator):
    """A local variable (not a ``range`` loop index: see :class:`RenameLoopIndex`) is renamed
    everywhere in its function or comprehension to a fresh name suited to its role."""

    name = "rename_local"
    examples = (
        ("def f(a, b):\n    s = a + b\n    return s * 2\n",
         "def f(a, b):\n    value = a + b\n    return value * 2\n"),
        # `value` is taken by a global: the next plausible name
        ("value = 3\n\n\ndef f(a):\n    s = a + value\n    return s\n",
         "value = 3\n\n\ndef f(a):\n    val = a + value\n    return val\n"),
        ("def f(xs):\n    return [w.upper() for w in xs]\n",
         "def f(xs):\n    return [item.upper() for item in xs]\n"),
        ("def f(s):\n    return s\n", None),                           # a parameter
        ("def f(a):\n    t = a\n    return eval('t')\n", None),        # reached by name
        ("def f(a):\n    t = a\n    return f'{t}'\n", None),           # inside an f-string
        ("def f(a):\n    global t\n    t = a\n    return t\n", None),  # a global
        ("def f(a):\n    t = a\n    return (lambda t: t)(t)\n", None),  # a nested parameter
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        for cand in candidates(ctx):
            if cand.role == "index":
                continue
            new = _fresh(f, cand.role, rng)
            edit = None if new is None else rename_edit(ctx, cand, new, "local variable")
            if edit is not None:
                yield edit


class RenameLoopIndex(RewriteOperator):
    """The index of a ``for i in range(...)`` loop (statement or comprehension) is renamed
    everywhere in its scope to a fresh index name (``j``, ``k``, ``idx``...)."""

    name = "rename_loop_index"
    examples = (
        ("def f(xs):\n    for i in range(len(xs)):\n        xs[i] += 1\n    return xs\n",
         "def f(xs):\n    for j in range(len(xs)):\n        xs[j] += 1\n    return xs\n"),
        ("def f(n):\n    return sum(i * i for i in range(n))\n",
         "def f(n):\n    return sum(j * j for j in range(n))\n"),
        ("def f(n):\n    for i in range(n):\n        pass\n    return vars()\n", None),
        ("def f(xs):\n    for x in xs:\n        pass\n    return xs\n", None),  # not a range index
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        for cand in candidates(ctx):
            if cand.role != "index":
                continue
            new = _fresh(f, "index", rng)
            edit = None if new is None else rename_edit(ctx, cand, new, "loop index")
            if edit is not None:
                yield edit
