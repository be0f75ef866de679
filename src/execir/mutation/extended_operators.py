"""Classical mutation operators outside the six ExecRetrieval types, labelled ``extended``.

They are enumerated only on request (``enumerate_mutants(..., extended=True)``) and planted only
with ``extended=True`` or as the fallback that tops a task up to three distractors.
"""

from __future__ import annotations

import ast
from typing import Iterator

from execir.mutation.operator_base import Operator
from execir.mutation.context import Edit, MutationContext
from execir.mutation.mutant import EXTENDED


class NegateCondition(Operator):
    """extended: the condition of an ``if``/``while``/conditional expression is negated."""

    name = "negate_condition"
    mutation_type = EXTENDED
    examples = (
        ("if a < b:\n    x = 1\n", ("if not a < b:\n    x = 1\n",)),
        ("while a or b:\n    x = 1\n", ("while not (a or b):\n    x = 1\n",)),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, (ast.If, ast.While, ast.IfExp)):
                continue
            test = node.test
            start, end = ctx.src.span(test)
            text = ctx.text(test)
            if isinstance(test, (ast.BoolOp, ast.IfExp, ast.NamedExpr, ast.Lambda)):
                new = f"not ({text})"
            else:
                new = f"not {text}"
            yield Edit(start, end, new, f"Negated the condition `{text}` on line {ctx.line(node)}.")


class ReplaceReturn(Operator):
    """extended: a returned value becomes ``None`` (booleans are flipped instead)."""

    name = "replace_return"
    mutation_type = EXTENDED
    examples = (
        ("def f(x):\n    return x + 1\n", ("def f(x):\n    return None\n",)),
        ("def f(x):\n    return True\n", ("def f(x):\n    return False\n",)),
        ("def f(x):\n    return None\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            value = node.value
            if isinstance(value, ast.Constant) and value.value is None:
                continue
            new = (str(not value.value) if isinstance(value, ast.Constant)
                   and isinstance(value.value, bool) else "None")
            start, end = ctx.src.span(value)
            yield Edit(start, end, new, f"Made the return on line {ctx.line(node)} give `{new}` "
                       f"instead of `{ctx.text(value)}`.")


class BreakContinue(Operator):
    """extended: ``break``↔``continue``."""

    name = "break_continue"
    mutation_type = EXTENDED
    examples = (
        ("for x in xs:\n    break\n", ("for x in xs:\n    continue\n",)),
        ("for x in xs:\n    continue\n", ("for x in xs:\n    break\n",)),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if isinstance(node, (ast.Break, ast.Continue)):
                new = "continue" if isinstance(node, ast.Break) else "break"
                start, end = ctx.src.span(node)
                yield Edit(start, end, new, f"Replaced `{ctx.text(node)}` with `{new}` on line "
                           f"{ctx.line(node)}.")


class ConstantReplacement(Operator):
    """extended: ``True``↔``False`` and a non-empty string literal becomes ``''``."""

    name = "constant_replacement"
    mutation_type = EXTENDED
    examples = (
        ("seen = False\n", ("seen = True\n",)),
        ("sep = ', '\n", ("sep = ''\n",)),
        ("sep = ''\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.Constant):
                continue
            if isinstance(node.value, bool):
                new = str(not node.value)
            elif isinstance(node.value, str) and node.value:
                new = "''"
            else:
                continue
            start, end = ctx.src.span(node)
            yield Edit(start, end, new, f"Replaced the constant `{ctx.text(node)}` with `{new}` on "
                       f"line {ctx.line(node)}.")


class DeleteStatement(Operator):
    """extended: delete one simple statement (assignment or call) that has siblings."""

    name = "delete_statement"
    mutation_type = EXTENDED
    examples = (
        ("def f(n):\n    n -= 1\n    return n\n", ("def f(n):\n    return n\n",)),
        ("def f(n):\n    return n\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, (ast.Assign, ast.AugAssign, ast.Expr)):
                continue
            if isinstance(node, ast.Expr) and not isinstance(node.value, ast.Call):
                continue
            if len(ctx.blocks.get(id(node), ())) < 2:
                continue
            lines = ctx.statement_lines(node)
            if lines is not None:
                yield Edit(lines[0], lines[1], "", f"Deleted the statement `{ctx.text(node)}` on "
                           f"line {ctx.line(node)}.")


class ReverseSort(Operator):
    """extended: ``sorted(x)`` / ``x.sort()`` sort in the opposite order (``reverse=True``).
    Labelled ``extended``: it flips the whole ordering rather than one comparison, and the
    result differs from a flipped comparator on ties, so it is none of the six types."""

    name = "reverse_sort"
    mutation_type = EXTENDED
    examples = (
        ("ys = sorted(xs)\n", ("ys = sorted(xs, reverse=True)\n",)),
        ("xs.sort(key=len)\n", ("xs.sort(key=len, reverse=True)\n",)),
        ("ys = sorted(xs, reverse=True)\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.Call) or any(k.arg in ("reverse", None) for k in node.keywords):
                continue
            is_sorted = (isinstance(node.func, ast.Name) and node.func.id == "sorted"
                         and len(node.args) == 1)
            is_sort = (isinstance(node.func, ast.Attribute) and node.func.attr == "sort"
                       and not node.args)
            if not (is_sorted or is_sort):
                continue
            start, end = ctx.src.span(node)
            text = ctx.text(node)
            sep = ", " if node.args or node.keywords else ""
            new = text[:-1].rstrip() + sep + "reverse=True)"
            yield Edit(start, end, new, f"Made `{text}` sort in reverse order on line "
                       f"{ctx.line(node)}.")
