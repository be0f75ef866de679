"""Branch rewrites: inverted ``if``/``else`` and early exit ↔ ``else``.

These move or re-indent whole lines, so each one insists on plain layout: the statements it moves
own their lines, blocks start on their own line, indentation is spaces only, no string literal
spans lines inside a re-indented region, and no comment would be lost.
"""

from __future__ import annotations

import ast
import random
import tokenize
from typing import Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.rewrite.base import Facts, RewriteOperator, facts
from execir.mutation.rewrite.syntax import newline_of, precedence


def _exits(body: list[ast.stmt]) -> bool:
    return isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _is_elif(ctx: MutationContext, node: ast.If) -> bool:
    if not (len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)):
        return False
    return ctx.src.code.startswith("elif", ctx.src.span(node.orelse[0])[0])


def _is_elif_node(ctx: MutationContext, node: ast.If) -> bool:
    """``node`` itself is written ``elif`` (its ``else`` belongs to the whole chain)."""
    return ctx.src.code.startswith("elif", ctx.src.span(node)[0])


def _else_line(ctx: MutationContext, f: Facts, node: ast.If) -> tuple[int, int] | None:
    """Span of the line ``else:`` of ``node`` (nothing else on it), or None."""
    src = ctx.src
    lo, hi = src.span(node.body[-1])[1], src.span(node.orelse[0])[0]
    toks = [t for t in src.tokens() if lo <= src.char_offset(*t.start) < hi
            and t.type in (tokenize.NAME, tokenize.OP, tokenize.COMMENT)]
    if [t.string for t in toks] != ["else", ":"]:
        return None
    line = toks[0].start[0]
    start = src.line_starts[line - 1]
    end = src.line_starts[line] if line < len(src.line_starts) else len(src.code)
    return start, end


def _negation(ctx: MutationContext, f: Facts, test: ast.expr) -> str:
    text = ctx.text(test)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = ctx.text(test.operand)
        if "\n" not in inner:
            return inner
        start = ctx.src.span(test)[0] + 3
        return ctx.src.code[start:ctx.src.span(test)[1]].strip()
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        swap = {ast.Is: "is not", ast.IsNot: "is", ast.In: "not in", ast.NotIn: "in"}
        if f.plain:
            swap.update({ast.Eq: "!=", ast.NotEq: "=="})
        tok = ctx.operator_token(test.left, test.comparators[0])
        if type(test.ops[0]) in swap and tok is not None:
            start = ctx.src.span(test)[0]
            return (text[:tok[0] - start] + swap[type(test.ops[0])] + text[tok[1] - start:])
    return f"not ({text})" if precedence(test) < 5 else f"not {text}"


class InvertIf(RewriteOperator):
    """``if c: A else: B`` → ``if not c: B else: A`` (the condition negated as plainly as its
    form allows: ``not``, ``is``/``is not``, ``in``/``not in``, ``==``/``!=``); only with an
    ``else`` branch that is not an ``elif``."""

    name = "invert_if"
    examples = (
        ("def f(x):\n    if x > 0:\n        y = 1\n    else:\n        y = 2\n    return y\n",
         "def f(x):\n    if not x > 0:\n        y = 2\n    else:\n        y = 1\n    return y\n"),
        ("def f(x):\n    if x is None:\n        return 0\n    else:\n        n = len(x)\n"
         "        return n\n",
         "def f(x):\n    if x is not None:\n        n = len(x)\n        return n\n    else:\n"
         "        return 0\n"),
        ("def f(a, b):\n    if not (a or b):\n        return 1\n    else:\n        return 2\n",
         "def f(a, b):\n    if a or b:\n        return 2\n    else:\n        return 1\n"),
        ("def f(x):\n    if x:\n        return 1\n    return 2\n", None),  # no else
        # the outer `if` has an `elif`: only the inner `elif ...: else:` pair is inverted
        ("def f(x):\n    if x:\n        return 1\n    elif x is None:\n        return 2\n"
         "    else:\n        return 3\n",
         "def f(x):\n    if x:\n        return 1\n    elif x is not None:\n        return 3\n"
         "    else:\n        return 2\n"),
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        code = ctx.src.code
        for node in ctx.nodes:
            if not isinstance(node, ast.If) or not node.orelse or _is_elif(ctx, node):
                continue
            body, other = f.lines_of(node.body), f.lines_of(node.orelse)
            if body is None or other is None or _else_line(ctx, f, node) is None:
                continue
            if node.body[0].lineno == node.lineno:
                continue
            start, end = ctx.src.span(node.test)
            new = (_negation(ctx, f, node.test) + code[end:body[0]] + code[other[0]:other[1]]
                   + code[body[1]:other[0]] + code[body[0]:body[1]])
            yield Edit(start, other[1], new, f"Inverted `if {ctx.text(node.test)}:` and swapped "
                       f"its branches (line {ctx.line(node)}).")


class EarlyExitElse(RewriteOperator):
    """``if c: ...; return x`` followed by the rest of the block ↔ the same with the rest in an
    ``else`` branch (the ``if`` body must end in ``return``, ``raise``, ``continue`` or
    ``break``, so the rest runs exactly when ``c`` is false either way)."""

    name = "early_exit_else"
    examples = (
        ("def f(n):\n    if n < 0:\n        return 0\n    m = n * 2\n    return m\n",
         "def f(n):\n    if n < 0:\n        return 0\n    else:\n        m = n * 2\n"
         "        return m\n"),
        ("def f(n):\n    if n < 0:\n        raise ValueError(n)\n    else:\n        return n\n",
         "def f(n):\n    if n < 0:\n        raise ValueError(n)\n    return n\n"),
        ("def f(n):\n    if n < 0:\n        n = 0\n    return n\n", None),  # no early exit
        # an `elif`'s `else` belongs to the whole chain: it cannot be dropped
        ("def f(n):\n    if n < 0:\n        n = 0\n    elif n > 9:\n        return 9\n"
         "    else:\n        n += 1\n    return n\n", None),
        ("def f(n):\n    if n < 0:\n        return 0\n    return '''a\nb'''\n", None),
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        code = ctx.src.code
        for node in ctx.nodes:
            if not isinstance(node, ast.If) or not _exits(node.body) or _is_elif(ctx, node) \
                    or _is_elif_node(ctx, node):
                continue
            outer, inner = f.indent(node), f.indent(node.body[0])
            if outer is None or inner is None or not inner.startswith(outer) \
                    or len(inner) <= len(outer) or node.body[0].lineno == node.lineno:
                continue
            if not node.orelse:
                block = ctx.blocks.get(id(node))
                if block is None or block[-1] is node:
                    continue
                rest = block[next(i for i, s in enumerate(block) if s is node) + 1:]
                span = f.lines_of(rest)
                if span is None or f.multiline_string(*span):
                    continue
                delta = inner[len(outer):]
                lines = code[span[0]:span[1]].splitlines(keepends=True)
                new = outer + "else:" + newline_of(lines[0]) + "".join(
                    delta + line if line.strip() else line for line in lines)
                yield Edit(span[0], span[1], new, f"Put the statements after the early exit of "
                           f"`if {ctx.text(node.test)}:` (line {ctx.line(node)}) in an `else`.")
                continue
            other = f.lines_of(node.orelse)
            else_line = _else_line(ctx, f, node)
            mine = f.indent(node.orelse[0])
            if other is None or else_line is None or mine is None or not mine.startswith(outer) \
                    or len(mine) <= len(outer) or f.multiline_string(else_line[0], other[1]):
                continue
            if code[else_line[0]:else_line[1]].strip() != "else:" \
                    or not code[else_line[0]:].startswith(outer + "else"):
                continue
            lines = code[else_line[1]:other[1]].splitlines(keepends=True)
            if any(line.strip() and not line.startswith(mine) for line in lines):
                continue
            cut = len(mine) - len(outer)
            new = "".join(outer + line[len(outer) + cut:] if line.strip() else line
                          for line in lines)
            yield Edit(else_line[0], other[1], new, f"Dropped the `else` after the early exit of "
                       f"`if {ctx.text(node.test)}:` (line {ctx.line(node)}).")
