"""Operand rewrites: commuted operands, commuted boolean operands, flipped comparisons, De
Morgan's laws.

Every operator here relies on builtin operator semantics, so it refuses a module that is not
*plain* (:attr:`execir.mutation.rewrite.base.Facts.plain`: no class, only standard imports).
Moving one operand past another is accepted only when one of them is *stable* (a constant or a
definitely bound name: evaluating it has no effect and cannot raise) and the other has no binding
effect (walrus, ``yield``, ``await``): then the order of evaluation is unobservable.
"""

from __future__ import annotations

import ast
import random
from typing import Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.rewrite.base import (Facts, RewriteOperator, facts, has_binding_effects,
                                          is_number)
from execir.mutation.rewrite.syntax import extent, operand_text, precedence


def _movable(f: Facts, a: ast.AST, b: ast.AST) -> bool:
    """``a`` and ``b`` may be evaluated in either order."""
    return (f.stable(a) and not has_binding_effects(b)) or (
        f.stable(b) and not has_binding_effects(a))


def _swap(ctx: MutationContext, parent: ast.AST, a: ast.AST, b: ast.AST,
          middle: str | None = None, op: ast.operator | None = None) -> Edit | None:
    """The edit writing ``b`` where ``a`` is and ``a`` where ``b`` is (each with its own
    parentheses), keeping (or replacing by ``middle``) the text between them; with a binary
    ``op``, operands are parenthesised as their new side needs."""
    within = ctx.src.span(parent)
    ea, eb = extent(ctx, a, within), extent(ctx, b, within)
    code = ctx.src.code
    if code[ea[0]:ea[1]] == code[eb[0]:eb[1]]:
        return None
    between = code[ea[1]:eb[0]] if middle is None else middle
    if op is None:
        left, right = code[eb[0]:eb[1]], code[ea[0]:ea[1]]
    else:
        left = operand_text(ctx, b, eb, op, "left")
        right = operand_text(ctx, a, ea, op, "right")
    return Edit(ea[0], eb[1], left + between + right, "")


def _described(edit: Edit | None, text: str) -> Edit | None:
    return None if edit is None else Edit(edit.start, edit.end, edit.replacement, text)


class CommuteOperands(RewriteOperator):
    """``a + c`` ↔ ``c + a`` when one operand is a numeric literal (``+`` does not commute on
    strings and lists), ``a * b`` ↔ ``b * a`` when one operand is a numeric literal or both are
    stable, and ``a == b`` ↔ ``b == a`` (also ``!=``), with the order of evaluation
    unobservable."""

    name = "commute_operands"
    examples = (
        ("def f(n):\n    return n + 1\n", "def f(n):\n    return 1 + n\n"),
        ("def f(a, b):\n    return (a - b) * 2\n", "def f(a, b):\n    return 2 * (a - b)\n"),
        ("def f(a, b):\n    return a - b * 2\n", "def f(a, b):\n    return a - 2 * b\n"),
        ("def f(n):\n    return 2.5 * n - 1\n", "def f(n):\n    return n * 2.5 - 1\n"),
        ("def f(xs, i):\n    return xs[i] == 0\n", "def f(xs, i):\n    return 0 == xs[i]\n"),
        ("def f(s, t):\n    return s + t\n", None),          # may be strings or lists
        ("def f(s):\n    return s + 'x'\n", None),
        ("def f(g, h):\n    return g() * h()\n", None),      # two calls: order observable
        ("class A:\n    pass\n\n\ndef f(n):\n    return n + 1\n", None),  # may overload +
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        if not f.plain:
            return
        for node in ctx.nodes:
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
                a, b = node.left, node.right
                literal = is_number(a) or is_number(b)
                if isinstance(node.op, ast.Add) and not literal:
                    continue
                if isinstance(node.op, ast.Mult) and not (literal or (f.stable(a) and f.stable(b))):
                    continue
                if not _movable(f, a, b):
                    continue
                yield from filter(None, [_described(
                    _swap(ctx, node, a, b, op=node.op),
                    f"Commuted the operands of `{ctx.text(node)}` on line {ctx.line(node)}.")])
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 \
                    and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
                a, b = node.left, node.comparators[0]
                if _movable(f, a, b):
                    yield from filter(None, [_described(
                        _swap(ctx, node, a, b),
                        f"Commuted the operands of `{ctx.text(node)}` on line {ctx.line(node)}.")])


class CommuteBoolean(RewriteOperator):
    """``a and b`` ↔ ``b and a`` (also ``or``) where only the truth value is used and both
    operands are evaluated without effect or exception (see
    :meth:`~execir.mutation.rewrite.base.Facts.pure_bool`); short-circuiting then cannot
    matter."""

    name = "commute_boolean"
    examples = (
        ("def f(a, b):\n    if a and b:\n        return 1\n    return 0\n",
         "def f(a, b):\n    if b and a:\n        return 1\n    return 0\n"),
        ("def f(n):\n    return 1 if n == 0 or n == 1 else n\n",
         "def f(n):\n    return 1 if n == 1 or n == 0 else n\n"),
        ("def f(a, b):\n    return a and b\n", None),  # the value itself is returned
        ("def f(x):\n    if x is not None and x > 0:\n        return 1\n", None),  # a guard
        ("def f(ok):\n    if ok and val:\n        return 1\n", None),  # `val` may be unbound
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        if not f.plain:
            return
        for node in ctx.nodes:
            if not isinstance(node, ast.BoolOp) or not f.in_bool_context(node):
                continue
            for a, b in zip(node.values, node.values[1:]):
                if f.pure_bool(a) and f.pure_bool(b):
                    edit = _described(_swap(ctx, node, a, b), f"Swapped `{ctx.text(a)}` and "
                                      f"`{ctx.text(b)}` in `{ctx.text(node)}` on line "
                                      f"{ctx.line(node)}.")
                    if edit is not None:
                        yield edit


_FLIP = {ast.Lt: ">", ast.LtE: ">=", ast.Gt: "<", ast.GtE: "<="}


class FlipComparison(RewriteOperator):
    """``a < b`` ↔ ``b > a`` (and ``<=`` ↔ ``>=``) for a single comparison whose order of
    evaluation is unobservable."""

    name = "flip_comparison"
    examples = (
        ("def f(i, xs):\n    return i < len(xs)\n", "def f(i, xs):\n    return len(xs) > i\n"),
        ("def f(x):\n    return x >= 0\n", "def f(x):\n    return 0 <= x\n"),
        ("def f(a, b, c):\n    return a < b < c\n", None),  # chained
        ("def f(g, h):\n    return g() < h()\n", None),
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        if not f.plain:
            return
        for node in ctx.nodes:
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1
                    and type(node.ops[0]) in _FLIP):
                continue
            a, b = node.left, node.comparators[0]
            if not _movable(f, a, b):
                continue
            within = ctx.src.span(node)
            ea, eb = extent(ctx, a, within), extent(ctx, b, within)
            tok = ctx.operator_token(a, b)
            if tok is None:
                continue
            code = ctx.src.code
            middle = code[ea[1]:tok[0]] + _FLIP[type(node.ops[0])] + code[tok[1]:eb[0]]
            edit = _swap(ctx, node, a, b, middle=middle)
            if edit is not None:
                yield Edit(edit.start, edit.end, edit.replacement,
                           f"Flipped the comparison `{ctx.text(node)}` on line {ctx.line(node)}.")


def _open_context(f: Facts, node: ast.AST) -> bool:
    """Any expression, however loosely it binds, may replace ``node`` without parentheses."""
    parent = f.parent.get(id(node))
    if isinstance(parent, (ast.If, ast.While, ast.Assert)):
        return parent.test is node
    if isinstance(parent, (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return parent.value is node
    if isinstance(parent, ast.Call):
        return node in parent.args
    if isinstance(parent, (ast.keyword, ast.List, ast.Set)):
        return True
    return isinstance(parent, ast.comprehension) and node in parent.ifs


class DeMorgan(RewriteOperator):
    """De Morgan's laws: ``not (a and b)`` ↔ ``not a or not b`` and ``not (a or b)`` ↔
    ``not a and not b`` (both sides are booleans and evaluate the operands in the same order with
    the same short-circuits)."""

    name = "de_morgan"
    examples = (
        ("def f(a, b):\n    return not (a and b)\n", "def f(a, b):\n    return not a or not b\n"),
        ("def f(x, y):\n    if not (x < 0 or y < 0):\n        return 1\n",
         "def f(x, y):\n    if not x < 0 and not y < 0:\n        return 1\n"),
        ("def f(a, b, c):\n    return c and not (a or b)\n",
         "def f(a, b, c):\n    return c and (not a and not b)\n"),
        ("def f(a, b, c):\n    return c or (not (a or b))\n",
         "def f(a, b, c):\n    return c or (not a and not b)\n"),
        ("def f(a, b):\n    return not a and not b\n", "def f(a, b):\n    return not (a or b)\n"),
        ("def f(a, b):\n    return not a and not (b < 1)\n",
         "def f(a, b):\n    return not (a or (b < 1))\n"),
        ("def f(a, b):\n    return not (not a and b)\n", None),  # would read `not not a`
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        code = ctx.src.code
        for node in ctx.nodes:
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) \
                    and isinstance(node.operand, ast.BoolOp):
                inner = node.operand
                if any(isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.Not)
                       for v in inner.values):
                    continue
                within = ctx.src.span(inner)
                parts = []
                for v in inner.values:
                    ev = extent(ctx, v, within)
                    text = code[ev[0]:ev[1]]
                    if ev[0] == ctx.src.span(v)[0] and precedence(v) < 5:
                        text = f"({text})"
                    parts.append("not " + text)
                joiner = " or " if isinstance(inner.op, ast.And) else " and "
                new = joiner.join(parts)
                whole = code[slice(*ctx.src.span(node))]
                if "\n" in whole or "#" in whole:
                    continue
                parent = f.parent.get(id(node))
                grouped = parent is not None and hasattr(parent, "lineno") and extent(
                    ctx, node, ctx.src.span(parent)) != ctx.src.span(node)
                if not _open_context(f, node) and not grouped:
                    new = f"({new})"
                start, end = ctx.src.span(node)
                yield Edit(start, end, new, f"Applied De Morgan's law to `{ctx.text(node)}` on "
                           f"line {ctx.line(node)}.")
            elif isinstance(node, ast.BoolOp) and all(
                    isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.Not) for v in node.values):
                start, end = ctx.src.span(node)
                if "\n" in code[start:end] or "#" in code[start:end]:
                    continue
                parts = []
                for v in node.values:
                    ev = extent(ctx, v.operand, ctx.src.span(v))  # type: ignore[attr-defined]
                    text = code[ev[0]:ev[1]]
                    operand = v.operand  # type: ignore[attr-defined]
                    if ev[0] == ctx.src.span(operand)[0] and precedence(operand) <= 4:
                        text = f"({text})"
                    parts.append(text)
                joiner = " or " if isinstance(node.op, ast.And) else " and "
                yield Edit(start, end, f"not ({joiner.join(parts)})",
                           f"Applied De Morgan's law to `{ctx.text(node)}` on line "
                           f"{ctx.line(node)}.")
