"""Mutation operators: the six ExecRetrieval bug types (§3.2) plus classical ``extended`` ones.

Each operator is a small class with ``name``, ``mutation_type`` and ``examples`` — pairs of
(canonical source, the exact mutant sources the operator yields, in order) that the tests replay —
and one method, ``edits(ctx)``, yielding :class:`~execir.mutation.context.Edit` candidates over
the eligible nodes of a :class:`~execir.mutation.context.MutationContext`.  Operators only
propose edits; :mod:`execir.mutation.engine` applies them, checks that the result parses and is
not the same program, and removes duplicates.

The six types map onto classical mutation-testing operators (ExecRetrieval §3.2, Jia & Harman
2011): constant replacement (off_by_one), arithmetic/logical operator replacement
(wrong_operator), argument/operand swap (swap_arguments), guard deletion
(remove_edge_case_check), relational operator replacement (wrong_comparison) and loop/slice
bound shift (off_by_one_boundary).
"""

from __future__ import annotations

import ast
from typing import ClassVar, Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.mutant import EXTENDED

Example = tuple[str, tuple[str, ...]]


class Operator:
    """Base class: subclasses set the class attributes and implement :meth:`edits`."""

    name: ClassVar[str] = ""
    mutation_type: ClassVar[str] = ""
    examples: ClassVar[tuple[Example, ...]] = ()

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        """Yield candidate edits over ``ctx.nodes``."""
        raise NotImplementedError


def _is_int(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, int)
            and not isinstance(node.value, bool))


def _shifts(ctx: MutationContext, node: ast.expr, what: str) -> Iterator[Edit]:
    """±1 edits of an expression: literals change value, ``x ± c`` changes ``c``, anything else
    gets `` + 1`` / `` - 1`` appended (parenthesised when needed)."""
    start, end = ctx.src.span(node)
    line = ctx.line(node)
    if _is_int(node):
        ctx.claimed.add(id(node))
        for new in (node.value + 1, node.value - 1):
            yield Edit(start, end, str(new),
                       f"Shifted the {what} `{ctx.text(node)}` to `{new}` on line {line}.")
        return
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_int(node.operand)):
        ctx.claimed.add(id(node.operand))
        for new in (-node.operand.value + 1, -node.operand.value - 1):
            yield Edit(start, end, str(new),
                       f"Shifted the {what} `{ctx.text(node)}` to `{new}` on line {line}.")
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and _is_int(node.right):
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


# ------------------------------------------------------------------------------------ off_by_one

class BoundaryShift(Operator):
    """off_by_one_boundary: ``range`` start/stop, slice lower/upper and ``while``-comparison
    bounds shifted by one."""

    name = "boundary_shift"
    mutation_type = "off_by_one_boundary"
    examples = (
        ("for i in range(1, n):\n    pass\n",
         ("for i in range(2, n):\n    pass\n",
          "for i in range(0, n):\n    pass\n",
          "for i in range(1, n + 1):\n    pass\n",
          "for i in range(1, n - 1):\n    pass\n")),
        ("y = xs[:k - 1]\n", ("y = xs[:k]\n", "y = xs[:k - 2]\n")),
        ("while i < len(s):\n    i += 2\n",
         ("while i < len(s) + 1:\n    i += 2\n", "while i < len(s) - 1:\n    i += 2\n")),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "range" and 1 <= len(node.args) <= 3 and not node.keywords
                    and not any(isinstance(a, ast.Starred) for a in node.args)):
                bounds = node.args[:2]
                for arg in bounds:
                    yield from _shifts(ctx, arg, "range bound")
            elif isinstance(node, ast.Slice):
                for bound in (node.lower, node.upper):
                    if bound is not None:
                        yield from _shifts(ctx, bound, "slice bound")
            elif isinstance(node, ast.While) and isinstance(node.test, ast.Compare):
                for comp, op in zip(node.test.comparators, node.test.ops):
                    if isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                        yield from _shifts(ctx, comp, "loop bound")


class ConstantShift(Operator):
    """off_by_one: an integer literal ``c`` becomes ``c + 1`` and ``c - 1`` (literals owned by
    :class:`BoundaryShift` are skipped)."""

    name = "int_constant_shift"
    mutation_type = "off_by_one"
    examples = (
        ("x = n % 10\n", ("x = n % 11\n", "x = n % 9\n")),
        ("x = a[0]\n", ("x = a[1]\n", "x = a[-1]\n")),
        ("flag = True\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if _is_int(node) and id(node) not in ctx.claimed:
                start, end = ctx.src.span(node)
                for new in (node.value + 1, node.value - 1):
                    yield Edit(start, end, str(new), f"Changed the constant `{ctx.text(node)}` to "
                               f"`{new}` on line {ctx.line(node)}.")


class IndexShift(Operator):
    """off_by_one: a non-literal subscript index ``a[i]`` becomes ``a[i + 1]`` / ``a[i - 1]``."""

    name = "index_shift"
    mutation_type = "off_by_one"
    examples = (
        ("v = xs[i]\n", ("v = xs[i + 1]\n", "v = xs[i - 1]\n")),
        ("v = xs[1:j]\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if isinstance(node, ast.Subscript) and isinstance(
                    node.slice, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
                yield from _shifts(ctx, node.slice, "index")


# -------------------------------------------------------------------------------- wrong_operator

_ARITH = {ast.Add: ("-",), ast.Sub: ("+",), ast.Mult: ("/", "+"), ast.Div: ("*", "//"),
          ast.FloorDiv: ("/", "%"), ast.Mod: ("//",), ast.Pow: ("*",)}
_BITWISE = {ast.BitAnd: ("|", "^"), ast.BitOr: ("&", "^"), ast.BitXor: ("|", "&"),
            ast.LShift: (">>",), ast.RShift: ("<<",)}


def _is_text_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


def _is_sequence_literal(node: ast.AST) -> bool:
    return isinstance(node, (ast.List, ast.Tuple, ast.ListComp)) or _is_text_literal(node)


class _BinOpSwap(Operator):
    table: ClassVar[dict[type, tuple[str, ...]]] = {}
    what: ClassVar[str] = ""

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.BinOp) or type(node.op) not in self.table:
                continue
            # String formatting, concatenation and sequence repetition only ever crash.
            if isinstance(node.op, (ast.Add, ast.Mod, ast.Mult)) and (
                    _is_sequence_literal(node.left) or _is_sequence_literal(node.right)):
                continue
            tok = ctx.operator_token(node.left, node.right)
            if tok is None:
                continue
            old = ctx.src.code[tok[0]:tok[1]]
            for new in self.table[type(node.op)]:
                yield Edit(tok[0], tok[1], new, f"Replaced the {self.what} operator `{old}` with "
                           f"`{new}` in `{ctx.text(node)}` on line {ctx.line(node)}.")


class ArithmeticOperator(_BinOpSwap):
    """wrong_operator: arithmetic operator replacement (``+``↔``-``, ``*``→``/``/``+``, ...)."""

    name = "arithmetic_operator"
    mutation_type = "wrong_operator"
    table = _ARITH
    what = "arithmetic"
    examples = (
        ("y = a + b\n", ("y = a - b\n",)),
        ("y = (a)//2\n", ("y = (a)/2\n", "y = (a)%2\n")),
        ("s = 'x' + t\n", ()),
    )


class BitwiseOperator(_BinOpSwap):
    """wrong_operator: bitwise operator replacement (``&``↔``|``, ``^``, ``<<``↔``>>``)."""

    name = "bitwise_operator"
    mutation_type = "wrong_operator"
    table = _BITWISE
    what = "bitwise"
    examples = (
        ("r = n & (-n)\n", ("r = n | (-n)\n", "r = n ^ (-n)\n")),
        ("r = n >> 1\n", ("r = n << 1\n",)),
    )


class BooleanOperator(Operator):
    """wrong_operator: ``and``↔``or`` (each occurrence separately)."""

    name = "boolean_operator"
    mutation_type = "wrong_operator"
    examples = (
        ("ok = a and b\n", ("ok = a or b\n",)),
        ("ok = a or (b)\n", ("ok = a and (b)\n",)),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.BoolOp):
                continue
            new = "or" if isinstance(node.op, ast.And) else "and"
            for left, right in zip(node.values, node.values[1:]):
                tok = ctx.operator_token(left, right)
                if tok is not None:
                    old = ctx.src.code[tok[0]:tok[1]]
                    yield Edit(tok[0], tok[1], new, f"Replaced `{old}` with `{new}` on line "
                               f"{ctx.line(node)}.")


_AUG = {ast.Add: ("-=",), ast.Sub: ("+=",), ast.Mult: ("/=",), ast.Div: ("*=",),
        ast.FloorDiv: ("/=",), ast.Mod: ("//=",), ast.Pow: ("*=",), ast.BitAnd: ("|=",),
        ast.BitOr: ("&=",), ast.BitXor: ("|=",), ast.LShift: (">>=",), ast.RShift: ("<<=",)}


class AugAssignOperator(Operator):
    """wrong_operator: augmented-assignment operator replacement (``+=``↔``-=``, ...)."""

    name = "augassign_operator"
    mutation_type = "wrong_operator"
    examples = (
        ("n -= 1\n", ("n += 1\n",)),
        ("n |= n >> s\n", ("n &= n >> s\n",)),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.AugAssign) or type(node.op) not in _AUG:
                continue
            if isinstance(node.op, (ast.Add, ast.Mult, ast.Mod)) and _is_sequence_literal(node.value):
                continue
            tok = ctx.operator_token(node.target, node.value)
            if tok is None:
                continue
            old = ctx.src.code[tok[0]:tok[1]]
            for new in _AUG[type(node.op)]:
                yield Edit(tok[0], tok[1], new, f"Replaced `{old}` with `{new}` on line "
                           f"{ctx.line(node)}.")


# -------------------------------------------------------------------------------- swap_arguments

#: Calls whose positional arguments commute (swapping them is an equivalent mutant) or that only
#: print.
_COMMUTATIVE_CALLS = frozenset({"max", "min", "print", "set", "frozenset", "hash", "gcd", "lcm"})
_NON_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift)


def _swap(ctx: MutationContext, a: ast.AST, b: ast.AST) -> tuple[int, int, str] | None:
    """Swap the texts of two nodes, keeping what lies between them (commas, parentheses)."""
    a_start, a_end = ctx.src.span(a)
    b_start, b_end = ctx.src.span(b)
    if ctx.text(a) == ctx.text(b):
        return None
    middle = ctx.src.code[a_end:b_start]
    return a_start, b_end, ctx.wrapped(b) + middle + ctx.wrapped(a)


class SwapArguments(Operator):
    """swap_arguments: two adjacent positional arguments of a call change places."""

    name = "swap_call_arguments"
    mutation_type = "swap_arguments"
    examples = (
        ("r = pow(b, e, m)\n", ("r = pow(e, b, m)\n", "r = pow(b, m, e)\n")),
        ("r = f((a), b)\n", ("r = f((b), a)\n",)),
        ("r = max(a, b)\n", ()),
        ("r = f(x, x)\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            fname = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if fname in _COMMUTATIVE_CALLS or any(isinstance(a, ast.Starred) for a in node.args):
                continue
            for i, (a, b) in enumerate(zip(node.args, node.args[1:])):
                swapped = _swap(ctx, a, b)
                if swapped is not None:
                    yield Edit(*swapped, f"Swapped positional arguments {i + 1} and {i + 2} "
                               f"(`{ctx.text(a)}`, `{ctx.text(b)}`) of `{fname or 'the call'}` on "
                               f"line {ctx.line(node)}.")


class SwapOperands(Operator):
    """swap_arguments: the operands of a non-commutative binary operator change places."""

    name = "swap_operands"
    mutation_type = "swap_arguments"
    examples = (
        ("d = a - b\n", ("d = b - a\n",)),
        ("d = (a + b) - c\n", ("d = (c) - (a + b)\n",)),
        ("d = a + b\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if isinstance(node, ast.BinOp) and isinstance(node.op, _NON_COMMUTATIVE):
                if isinstance(node.op, ast.Mod) and _is_text_literal(node.left):
                    continue
                swapped = _swap(ctx, node.left, node.right)
                if swapped is not None:
                    yield Edit(*swapped, f"Swapped the operands of `{ctx.text(node)}` on line "
                               f"{ctx.line(node)}.")


# ------------------------------------------------------------------------ remove_edge_case_check

def _exits(body: list[ast.stmt]) -> bool:
    return isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue))


def _is_main_guard(test: ast.expr) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__")


class RemoveGuard(Operator):
    """remove_edge_case_check: delete an ``if`` (without ``else``) whose body ends by returning,
    raising or continuing — an early-exit guard — together with its body."""

    name = "remove_guard"
    mutation_type = "remove_edge_case_check"
    examples = (
        ("def f(n):\n    if n < 1:\n        return 0\n    return n & -n\n",
         ("def f(n):\n    return n & -n\n",)),
        ("def f(n):\n    if n < 1: raise ValueError(n)\n    return n\n",
         ("def f(n):\n    return n\n",)),
        ("def f(n):\n    if n:\n        n = 1\n    return n\n", ()),
        ("def f(n):\n    if n < 1:\n        return 0\n    else:\n        return n\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.If) or node.orelse or not _exits(node.body):
                continue
            if _is_main_guard(node.test) or len(ctx.blocks.get(id(node), ())) < 2:
                continue
            lines = ctx.statement_lines(node)
            if lines is None:
                continue
            yield Edit(lines[0], lines[1], "", f"Deleted the guard `if {ctx.text(node.test)}:` "
                       f"(line {ctx.line(node)}) and its early exit.")


# ------------------------------------------------------------------------------ wrong_comparison

_RELATIONAL = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=",
               ast.NotEq: "==", ast.Is: "is not", ast.IsNot: "is", ast.In: "not in",
               ast.NotIn: "in"}


class RelationalOperator(Operator):
    """wrong_comparison: ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``, ``is``↔``is not``,
    ``in``↔``not in``."""

    name = "relational_operator"
    mutation_type = "wrong_comparison"
    examples = (
        ("ok = i < n\n", ("ok = i <= n\n",)),
        ("ok = x is not None\n", ("ok = x is None\n",)),
        ("ok = 0 <= i != j\n", ("ok = 0 < i != j\n", "ok = 0 <= i == j\n")),
        ("ok = c not in s\n", ("ok = c in s\n",)),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, operands, operands[1:]):
                tok = ctx.operator_token(left, right)
                if tok is None:
                    continue
                old = ctx.src.code[tok[0]:tok[1]]
                new = _RELATIONAL[type(op)]
                yield Edit(tok[0], tok[1], new, f"Changed the comparison `{old}` to `{new}` in "
                           f"`{ctx.text(node)}` on line {ctx.line(node)}.")


# -------------------------------------------------------------------------------------- extended

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


#: Every operator in application order.  Order matters only for ties: when two operators yield
#: the same mutant code the first one listed keeps it (boundary before plain constant shifts).
OPERATORS: tuple[Operator, ...] = (
    BoundaryShift(), ConstantShift(), IndexShift(),
    ArithmeticOperator(), BitwiseOperator(), BooleanOperator(), AugAssignOperator(),
    SwapArguments(), SwapOperands(),
    RemoveGuard(),
    RelationalOperator(),
    NegateCondition(), ReplaceReturn(), BreakContinue(), ConstantReplacement(), DeleteStatement(),
)
