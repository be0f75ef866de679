"""Base class of mutation operators and the ±1 shift helper shared by the off-by-one operators."""

from __future__ import annotations

import ast
from typing import ClassVar, Iterator

from execir.mutation.context import Edit, MutationContext

Example = tuple[str, tuple[str, ...]]


class Operator:
    """Base class: subclasses set the class attributes and implement :meth:`edits`."""

    name: ClassVar[str] = ""
    mutation_type: ClassVar[str] = ""
    examples: ClassVar[tuple[Example, ...]] = ()

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        """Yield candidate edits over ``ctx.nodes``."""
        raise NotImplementedError


def is_int(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, int)
            and not isinstance(node.value, bool))


def shifts(ctx: MutationContext, node: ast.expr, what: str) -> Iterator[Edit]:
    """±1 edits of an expression: literals change value, ``x ± c`` changes ``c``, anything else
    gets `` + 1`` / `` - 1`` appended (parenthesised when needed)."""
    start, end = ctx.src.span(node)
    line = ctx.line(node)
    if is_int(node):
        ctx.claimed.add(id(node))
        for new in (node.value + 1, node.value - 1):
            yield Edit(start, end, str(new),
                       f"Shifted the {what} `{ctx.text(node)}` to `{new}` on line {line}.")
        return
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and is_int(node.operand)):
        ctx.claimed.add(id(node.operand))
        for new in (-node.operand.value + 1, -node.operand.value - 1):
            yield Edit(start, end, str(new),
                       f"Shifted the {what} `{ctx.text(node)}` to `{new}` on line {line}.")
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and is_int(node.right):
        const = node.right
        ctx.claimed.add(id(const))
        c_start, c_end = ctx.src.span(const)
        for new in (const.value + 1, const.value - 1):
            if new == 0:
                # `n - 1` -> `n`: drop the operator and the constant.
                l_end = ctx.src.span(node.left)[1]
                yield Edit(l_end, c_end, "", f"Dropped `{ctx.src.code[l_end:c_end].strip()}` from the "
                           f"{what} `{ctx.text(node)}` on line {line}.")
            elif new > 0:
                yield Edit(c_start, c_end, str(new),
                           f"Shifted the {what} `{ctx.text(node)}` by one (constant "
                           f"{const.value} -> {new}) on line {line}.")
        return
    text = ctx.text(node)
    needs_parens = isinstance(node, (ast.IfExp, ast.BoolOp, ast.Compare, ast.Lambda, ast.NamedExpr)) or (
        isinstance(node, ast.BinOp) and isinstance(node.op, (ast.LShift, ast.RShift, ast.BitAnd,
                                                             ast.BitOr, ast.BitXor)))
    for sign in ("+", "-"):
        if needs_parens:
            yield Edit(start, end, f"({text}) {sign} 1",
                       f"Shifted the {what} `{text}` to `({text}) {sign} 1` on line {line}.")
        else:
            yield Edit(end, end, f" {sign} 1",
                       f"Shifted the {what} `{text}` to `{text} {sign} 1` on line {line}.")
