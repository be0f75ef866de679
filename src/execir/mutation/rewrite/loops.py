"""Loop and assignment rewrites: list comprehension ↔ accumulator loop, swapped independent
assignments.

Like the branch rewrites these replace whole lines and insist on plain layout (one line per
comprehension, no comments in the replaced lines).
"""

from __future__ import annotations

import ast
import random
from typing import Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.intvalue import int_names
from execir.mutation.rewrite.base import (COMPS, FUNCS, Facts, RewriteOperator, facts,
                                          has_binding_effects, pick, target_names)
from execir.mutation.rewrite.kinds import numeric_names
from execir.mutation.rewrite.syntax import newline_of


def _fits(template: str, text: str) -> str:
    """``text`` as it must be written in ``template``'s ``{}`` slot to mean the same expression
    (parenthesised when it would otherwise parse differently there)."""
    try:
        alone = ast.dump(ast.parse(f"({text})", mode="eval").body)
        tree = ast.parse(template.format(text), mode="eval").body
    except SyntaxError:
        return f"({text})"
    slot = _slot(tree)
    return text if slot is not None and ast.dump(slot) == alone else f"({text})"


def _slot(tree: ast.AST) -> ast.AST | None:
    """The node of the marker templates below that holds the substituted text."""
    if isinstance(tree, ast.Call) and len(tree.args) == 1 and not tree.keywords:
        return tree.args[0]
    if isinstance(tree, ast.ListComp) and len(tree.generators) == 1:
        g = tree.generators[0]
        if isinstance(tree.elt, ast.Name) and tree.elt.id == "_execir_x":
            return g.ifs[0] if g.ifs else g.iter
        return tree.elt
    return None


def _only_here(f: Facts, func: ast.AST, name: str, here: ast.AST) -> bool:
    """Every use of ``name`` in ``func`` outside ``here`` belongs to a comprehension binding
    ``name`` itself (so moving a binding of ``name`` between ``here`` and the function's scope
    changes nothing else); never a parameter or a declared name."""
    if name in f.declared:
        return False
    inside = {id(n) for n in ast.walk(here)}
    for n in ast.walk(func):
        if isinstance(n, ast.arg) and n.arg == name:
            return False
        if isinstance(n, ast.Name) and n.id == name and id(n) not in inside:
            if not _comprehension_local(f, n):
                return False
    return True


def _comprehension_local(f: Facts, node: ast.Name) -> bool:
    """``node`` reads or binds the variable of a comprehension around it (not the enclosing
    scope's: the first iterable of a comprehension belongs to the enclosing scope)."""
    for anc in f.ancestors(node):
        if isinstance(anc, COMPS):
            gens = anc.generators
            if not _within(node, gens[0].iter) and any(
                    node.id in (target_names(g.target) or ()) for g in gens):
                return True
        if isinstance(anc, FUNCS + (ast.Lambda, ast.ClassDef)):
            return False
    return False


def _within(node: ast.AST, root: ast.AST) -> bool:
    return any(n is node for n in ast.walk(root))


def _reads_settled(f: Facts, func: ast.AST, parts: list[ast.AST], targets: list[str]) -> bool:
    """No part reads a loop variable where the other form would read another variable (the
    first iterable is evaluated outside the comprehension's scope), and every other name read
    is definitely bound or not a local of ``func`` (an unbound local raises
    ``UnboundLocalError`` in a loop but ``NameError`` in a comprehension)."""
    own = f.bindings(func)
    for part in parts:
        for n in ast.walk(part):
            if not isinstance(n, ast.Name) or not isinstance(n.ctx, ast.Load):
                continue
            if n.id in targets:
                if part is parts[0]:
                    return False
                continue
            if n.id in own and not f.definitely_bound(n) and not _comprehension_local(f, n):
                return False
    return True


def _guarded(f: Facts, node: ast.AST, func: ast.AST) -> bool:
    """``node`` runs inside a ``try`` or ``with`` of ``func`` (an exception may be caught or
    suppressed and the partial state observed)."""
    for anc in f.ancestors(node):
        if anc is func:
            return False
        if isinstance(anc, (ast.Try, ast.With, ast.AsyncWith)) or type(anc).__name__ == "TryStar":
            return True
    return False


def _read_in_closures(func: ast.AST, name: str) -> bool:
    for n in ast.walk(func):
        if isinstance(n, FUNCS + (ast.Lambda, ast.ClassDef)) and n is not func and any(
                isinstance(m, ast.Name) and m.id == name for m in ast.walk(n)):
            return True
    return False


_UNSAFE = (ast.Lambda, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)
_ACCUMULATORS = ("result", "res", "out", "output", "acc", "values", "items", "collected")


def _indent_unit(f: Facts, func: ast.AST) -> str:
    outer, inner = f.indent(func), f.indent(func.body[0])  # type: ignore[attr-defined]
    if outer is not None and inner is not None and inner.startswith(outer) \
            and len(inner) > len(outer):
        return inner[len(outer):]
    return "    "


class ComprehensionLoop(RewriteOperator):
    """``r = [e for x in xs if c]`` / ``return [e for x in xs if c]`` ↔ an accumulator loop
    (``r = []``, ``for x in xs:``, ``if c:``, ``r.append(e)``).  One generator, at most one
    condition, one line each way; the loop variables are used nowhere else in the function (the
    loop leaves them bound, the comprehension does not), the accumulator is read by nothing the
    loop runs, and no ``try``/``with`` could observe a half-built list."""

    name = "comprehension_loop"
    examples = (
        ("def f(xs):\n    return [x * 2 for x in xs if x > 0]\n",
         "def f(xs):\n    result = []\n    for x in xs:\n        if x > 0:\n"
         "            result.append(x * 2)\n    return result\n"),
        ("def f(words):\n    out = []\n    for w in words:\n        out.append((w, len(w)))\n"
         "    return out\n",
         "def f(words):\n    out = [(w, len(w)) for w in words]\n    return out\n"),
        ("def f(xs):\n    ys = [y for y in xs]\n    return ys, y\n", None),   # `y` read after
        ("def f():\n    return [x for x in x]\n", None),  # the first `x` is the global one
        ("def f(xs):\n    r = []\n    for x in xs:\n        r.append(len(r))\n    return r\n",
         None),
        ("def f(xs):\n    try:\n        r = [1 / x for x in xs]\n    except ZeroDivisionError:\n"
         "        return r\n    return r\n", None),
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        for node in ctx.nodes:
            func = f.function_of(node) if isinstance(node, ast.stmt) else None
            if func is None or f.dynamic(func):
                continue
            if isinstance(node, (ast.Assign, ast.Return)) and isinstance(node.value, ast.ListComp):
                edit = self._to_loop(ctx, f, func, node, rng)
            elif isinstance(node, ast.Assign):
                edit = self._to_comprehension(ctx, f, func, node)
            else:
                continue
            if edit is not None:
                yield edit

    def _to_loop(self, ctx: MutationContext, f: Facts, func: ast.AST, node: ast.Assign | ast.Return,
                 rng: random.Random | None) -> Edit | None:
        comp = node.value
        assert isinstance(comp, ast.ListComp)
        if len(comp.generators) != 1 or node.lineno != node.end_lineno:
            return None
        gen = comp.generators[0]
        names = target_names(gen.target)
        if gen.is_async or len(gen.ifs) > 1 or names is None \
                or any(isinstance(n, _UNSAFE) for n in ast.walk(comp)):
            return None
        span = f.lines_of([node], comments=False)
        ind = f.indent(node)
        if span is None or ind is None or not all(_only_here(f, func, n, comp) for n in names) \
                or not _reads_settled(f, func, [gen.iter, comp.elt, *gen.ifs], names):
            return None
        if isinstance(node, ast.Assign):
            if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                return None
            acc = node.targets[0].id
            if acc in f.declared or _guarded(f, node, func) or _read_in_closures(func, acc) \
                    or any(isinstance(n, ast.Name) and n.id == acc for n in ast.walk(comp)):
                return None
        else:
            options = [n for n in _ACCUMULATORS if f.fresh(n)]
            if not options:
                return None
            acc = pick(options, rng)
        unit = _indent_unit(f, func)
        nl = newline_of(ctx.src.code[span[0]:span[1]])
        lines = [f"{ind}{acc} = []", f"{ind}for {ctx.text(gen.target)} in {ctx.text(gen.iter)}:"]
        inner = ind + unit
        if gen.ifs:
            lines.append(f"{inner}if {ctx.text(gen.ifs[0])}:")
            inner += unit
        lines.append(f"{inner}{acc}.append({_fits('_execir_f({})', ctx.text(comp.elt))})")
        if isinstance(node, ast.Return):
            lines.append(f"{ind}return {acc}")
        return Edit(span[0], span[1], nl.join(lines) + nl, f"Wrote the list comprehension on "
                    f"line {ctx.line(node)} as an accumulator loop.")

    def _to_comprehension(self, ctx: MutationContext, f: Facts, func: ast.AST,
                          node: ast.Assign) -> Edit | None:
        block = ctx.blocks.get(id(node))
        if block is None or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name) \
                or not (isinstance(node.value, ast.List) and not node.value.elts):
            return None
        i = next(j for j, s in enumerate(block) if s is node)
        if i + 1 >= len(block) or not isinstance(block[i + 1], ast.For):
            return None
        loop = block[i + 1]
        acc = node.targets[0].id
        if loop.orelse or len(loop.body) != 1 or loop.type_comment is not None:
            return None
        stmt, cond = loop.body[0], None
        if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1:
            cond, stmt = stmt.test, stmt.body[0]
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                and isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "append"
                and isinstance(stmt.value.func.value, ast.Name) and stmt.value.func.value.id == acc
                and len(stmt.value.args) == 1 and not stmt.value.keywords
                and not isinstance(stmt.value.args[0], ast.Starred)):
            return None
        elt = stmt.value.args[0]
        parts = [loop.target, loop.iter, elt] + ([cond] if cond is not None else [])
        names = target_names(loop.target)
        if names is None or acc in f.declared or _guarded(f, node, func) \
                or _read_in_closures(func, acc) or any(
                    isinstance(n, _UNSAFE) or (isinstance(n, ast.Name) and n.id == acc)
                    for p in parts for n in ast.walk(p)):
            return None
        span = f.lines_of([node, loop], comments=False)
        ind = f.indent(node)
        texts = [ctx.text(p) for p in parts]
        if span is None or ind is None or any("\n" in t for t in texts) \
                or not all(_only_here(f, func, n, loop) for n in names) \
                or not _reads_settled(f, func, parts[1:], names):
            return None
        target, it, e = texts[:3]
        it = _fits("[_execir_x for _execir_y in {}]", it)
        e = _fits("[{} for _execir_y in _execir_z]", e)
        tail = "" if cond is None else (
            " if " + _fits("[_execir_x for _execir_y in _execir_z if {}]", texts[3]))
        nl = newline_of(ctx.src.code[span[0]:span[1]])
        return Edit(span[0], span[1], f"{ind}{acc} = [{e} for {target} in {it}{tail}]{nl}",
                    f"Wrote the accumulator loop on line {loop.lineno} as a list comprehension.")


class SwapAssignments(RewriteOperator):
    """Two adjacent assignments change places when neither reads or writes a name the other
    writes, neither calls anything, and at most one can raise (the other assigns constants,
    definitely bound names or integer arithmetic on them), so no order can be observed."""

    name = "swap_assignments"
    examples = (
        ("def f(s):\n    i = 0\n    j = len(s) - 1\n    return i, j\n", None),  # a call
        ("def f(s):\n    lo = 0\n    hi = 10\n    return lo, hi\n",
         "def f(s):\n    hi = 10\n    lo = 0\n    return lo, hi\n"),
        ("def f(s):\n    n = 0\n    best = s[0]\n    return n, best\n",
         "def f(s):\n    best = s[0]\n    n = 0\n    return n, best\n"),
        ("def f(s):\n    a = s[0]\n    b = s[1]\n    return a, b\n", None),  # both may raise
        ("def f(s):\n    a = 1\n    b = a\n    return b\n", None),          # b reads a
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        code = ctx.src.code
        for node in ctx.nodes:
            block = ctx.blocks.get(id(node))
            func = f.function_of(node) if block is not None else None
            if block is None or func is None:
                continue
            i = next(j for j, s in enumerate(block) if s is node)
            if i + 1 >= len(block):
                continue
            other = block[i + 1]
            ints = f.cached("ints", func, lambda fn: numeric_names(f, fn) & int_names(fn))
            a, b = _effects(f, node, ints), _effects(f, other, ints)
            if a is None or b is None:
                continue
            (wa, ra, safe_a), (wb, rb, safe_b) = a, b
            if wa & (rb | wb) or wb & ra or not (safe_a or safe_b):
                continue
            first, second = f.lines_of([node]), f.lines_of([other])
            if first is None or second is None \
                    or code[first[0]:first[1]] == code[second[0]:second[1]]:
                continue
            new = code[second[0]:second[1]] + code[first[1]:second[0]] + code[first[0]:first[1]]
            yield Edit(first[0], second[1], new, f"Swapped the independent assignments on lines "
                       f"{node.lineno} and {other.lineno}.")


def _effects(f: Facts, stmt: ast.stmt, ints: frozenset[str]
             ) -> tuple[set[str], set[str], bool] | None:
    """(names written, names read, cannot raise) of a simple assignment, or None for anything
    else (calls, comprehensions, binding effects, non-name targets)."""
    if isinstance(stmt, ast.Assign):
        written: set[str] = set()
        for t in stmt.targets:
            names = target_names(t)
            if names is None:
                return None
            written |= set(names)
        value = stmt.value
        unpacks = any(not isinstance(t, ast.Name) for t in stmt.targets)
    elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) \
            and stmt.target.id in ints:
        written, value, unpacks = {stmt.target.id}, stmt.value, False
    else:
        return None
    if any(isinstance(n, (ast.Call, ast.Lambda) + COMPS) for n in ast.walk(value)) \
            or has_binding_effects(value):
        return None
    read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    if isinstance(stmt, ast.AugAssign):
        read.add(stmt.target.id)
        safe = (isinstance(stmt.op, (ast.Add, ast.Sub, ast.Mult))
                and isinstance(value, ast.Constant) and type(value.value) is int)
    else:
        safe = not unpacks and _cannot_raise(f, value, ints)
    return written, read, safe


def _cannot_raise(f: Facts, node: ast.AST, ints: frozenset[str]) -> bool:
    if f.stable(node):
        return True
    if isinstance(node, (ast.List, ast.Tuple)):
        return all(_cannot_raise(f, e, ints) for e in node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        return all(_int_atom(f, side, ints) for side in (node.left, node.right))
    return False


def _int_atom(f: Facts, node: ast.AST, ints: frozenset[str]) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    return isinstance(node, ast.Name) and node.id in ints and f.stable(node)

