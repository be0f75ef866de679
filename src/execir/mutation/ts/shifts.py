"""±1 edits of expressions, shared by the off-by-one operators."""

from __future__ import annotations

from typing import Iterable, Iterator

from execir.mutation.context import Edit
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.grammar import Node
from execir.mutation.ts.operator import (ADDITIVE_SAFE, LOGICAL, LOOSE_PARENTS, ORDERING,
                                         RELATIONAL)


def shifts(ctx: TSContext, node: Node, what: str) -> Iterator[Edit]:
    """±1 edits of an expression: literals change value, ``x ± c`` changes ``c`` (``x - 1`` →
    ``x``), anything else gets `` + 1`` / `` - 1`` appended (parenthesised when needed)."""
    lang = ctx.lang
    start, end = ctx.span(node)
    line = ctx.line(node)
    text = ctx.text(node)
    literal = signed_literal(ctx, node)
    if literal is not None:
        owned, value, suffix = literal
        ctx.claimed.add(owned.id)
        for t in lang.shifted_ints(value, suffix):
            yield Edit(start, end, t, f"Shifted the {what} `{text}` to `{t}` on line {line}.")
        return
    if node.type in lang.binary and ctx.op_text(node) in ("+", "-"):
        left, right = lang.operands(node)
        const = ctx.int_lit(right)
        if const is not None and left is not None and right is not None:
            ctx.claimed.add(right.id)
            c_start, c_end = ctx.span(right)
            for new in (const[0] + 1, const[0] - 1):
                if new == 0:
                    l_end = ctx.span(left)[1]
                    yield Edit(l_end, c_end, "", f"Dropped `{ctx.code[l_end:c_end].strip()}` from "
                               f"the {what} `{text}` on line {line}.")
                elif new > 0:
                    t = lang.format_int(new, const[1])
                    if t is not None:
                        yield Edit(c_start, c_end, t, f"Shifted the {what} `{text}` by one "
                                   f"(constant {ctx.text(right)} -> {t}) on line {line}.")
            return
    bare = lang.is_tight(node) or (node.type in lang.binary and ctx.op_text(node) in
                                   ADDITIVE_SAFE) or (node.type in lang.unary
                                                       and ctx.op_text(node) == "-")
    for sign in ("+", "-"):
        new = f"{text} {sign} 1" if bare else f"({text}) {sign} 1"
        yield Edit(end if bare else start, end, f" {sign} 1" if bare else new,
                   f"Shifted the {what} `{text}` to `{new}` on line {line}.")


def signed_literal(ctx: TSContext, node: Node) -> tuple[Node, int, str] | None:
    """``(literal node, value, suffix)`` of an integer literal ``c`` or a negated one ``-c``."""
    lit = ctx.int_lit(node)
    if lit is not None:
        return node, lit[0], lit[1]
    if node.type in ctx.lang.unary and ctx.op_text(node) == "-":
        operand = ctx.lang.unary_operand(node)
        inner = ctx.int_lit(operand)
        if inner is not None and operand is not None:
            return operand, -inner[0], inner[1]
    return None


def shift_each(ctx: TSContext, bounds: Iterable[Node | None], what: str) -> Iterator[Edit]:
    """:func:`shifts` of each bound in turn (absent ones, None, skipped)."""
    for bound in bounds:
        if bound is not None:
            yield from shifts(ctx, bound, what)


def field_bounds(node: Node, *fields: str) -> list[Node | None]:
    """``node``'s children in ``fields`` (None where absent)."""
    return [node.child_by_field_name(f) for f in fields]


def relational_bound(ctx: TSContext, cond: Node | None, what: str) -> Iterator[Edit]:
    """Shift the right-hand side of an ordering comparison ``i < n``."""
    if cond is not None and cond.type in ctx.lang.binary and ctx.op_text(cond) in ORDERING:
        right = ctx.lang.operands(cond)[1]
        if right is not None:
            yield from shifts(ctx, right, what)


def for_start(ctx: TSContext, init: Node | None) -> Node | None:
    """The start value of a C-style ``for`` initialiser (``int i = 0``, ``i := 0``)."""
    if init is None:
        return None
    if init.type == "expression_statement" and init.named_child_count == 1:
        init = init.named_children[0]
    if init.type in ("assignment_expression", "assignment_statement", "short_var_declaration"):
        if ctx.op_text(init) not in (None, "=", ":="):
            return None
        right = init.child_by_field_name("right")
        if right is not None and right.type == "expression_list":
            values = right.named_children
            return values[0] if len(values) == 1 else None
        return right
    declarators = [c for c in init.named_children
                   if c.type in ("init_declarator", "variable_declarator")]
    if len(declarators) == 1:
        return declarators[0].child_by_field_name("value")
    return None



def bare_after(ctx: TSContext, node: Node) -> bool:
    """True when `` ± 1`` can follow ``node`` in its parent without parentheses."""
    parent = node.parent
    if parent is None:
        return True
    lang = ctx.lang
    if parent.type in lang.binary:
        op = ctx.op_text(parent)
        if op in ("+",) or op in RELATIONAL or op in LOGICAL:
            return True
        return op == "-" and lang.operands(parent)[0] == node
    if parent.type in lang.subscripts:
        return lang.subscript_index(parent) == node
    return parent.type in LOOSE_PARENTS or parent.type in lang.returns
