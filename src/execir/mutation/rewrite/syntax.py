"""Source-text helpers of the rewrites: operator precedence, operand extents with their own
parentheses, and operands written with just the parentheses their new place needs."""

from __future__ import annotations

import ast

from execir.mutation.context import MutationContext
from execir.mutation.rewrite.base import facts

_BIN_PREC = {ast.BitOr: 7, ast.BitXor: 8, ast.BitAnd: 9, ast.LShift: 10, ast.RShift: 10,
             ast.Add: 11, ast.Sub: 11, ast.Mult: 12, ast.Div: 12, ast.FloorDiv: 12, ast.Mod: 12,
             ast.MatMult: 12, ast.Pow: 14}


def precedence(node: ast.AST) -> int:
    """Binding strength of an expression's outermost operator (higher binds tighter; atoms 16)."""
    if isinstance(node, (ast.Starred, ast.Yield, ast.YieldFrom)):
        return -1
    if isinstance(node, ast.NamedExpr):
        return 0
    if isinstance(node, ast.Lambda):
        return 1
    if isinstance(node, ast.IfExp):
        return 2
    if isinstance(node, ast.BoolOp):
        return 3 if isinstance(node.op, ast.Or) else 4
    if isinstance(node, ast.UnaryOp):
        return 5 if isinstance(node.op, ast.Not) else 13
    if isinstance(node, ast.Compare):
        return 6
    if isinstance(node, ast.BinOp):
        return _BIN_PREC[type(node.op)]
    if isinstance(node, ast.Await):
        return 15
    return 16


def operand_text(ctx: MutationContext, node: ast.AST, extent: tuple[int, int], op: ast.operator,
                 side: str) -> str:
    """Text of ``node`` (source ``extent``, its own parentheses included) as the ``side``
    ("left"/"right") operand of binary operator ``op``, parenthesised when it would otherwise
    bind differently."""
    text = ctx.src.code[extent[0]:extent[1]]
    if extent[0] < ctx.src.span(node)[0]:
        return text  # already parenthesised
    p, mine = _BIN_PREC[type(op)], precedence(node)
    if isinstance(op, ast.Pow):
        needs = mine <= p if side == "left" else mine < 13
    else:
        needs = mine < p if side == "left" else mine <= p
    return f"({text})" if needs else text


def extent(ctx: MutationContext, node: ast.AST, within: tuple[int, int]) -> tuple[int, int]:
    """Span of ``node`` with the grouping parentheses around it that lie inside ``within`` (the
    parent's span)."""
    start, end = ctx.src.span(node)
    toks = facts(ctx).op_tokens
    before = [t for t in toks if within[0] <= t[0] and t[1] <= start]
    after = [t for t in toks if t[0] >= end and t[1] <= within[1]]
    k = 0
    while k < len(before) and k < len(after) and before[-1 - k][2] == "(" \
            and after[k][2] == ")" and _blank(ctx, before[-1 - k][1],
                                               start if k == 0 else before[-k][0]) \
            and _blank(ctx, end if k == 0 else after[k - 1][1], after[k][0]):
        k += 1
    if k == 0:
        return start, end
    return before[-k][0], after[k - 1][1]


def _blank(ctx: MutationContext, a: int, b: int) -> bool:
    return not ctx.src.code[a:b].strip()


def newline_of(line: str) -> str:
    """The line ending ``line`` ends with (``\\n`` when it has none)."""
    return "\r\n" if line.endswith("\r\n") else ("\r" if line.endswith("\r") else "\n")
