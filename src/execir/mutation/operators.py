"""Mutation operators: the six ExecRetrieval bug types (§3.2) plus classical ``extended`` ones.

Each operator is a small class with ``name``, ``mutation_type`` and ``examples`` — pairs of
(canonical source, the exact mutant sources the operator yields, in order) that the tests replay —
and one method, ``edits(ctx)``, yielding :class:`~execir.mutation.context.Edit` candidates over
the eligible nodes of a :class:`~execir.mutation.context.MutationContext`.  Operators only
propose edits; :mod:`execir.mutation.engine` applies them, checks that the result parses and is
not the same program, and removes duplicates.  Which operators run, and in which order, is
:mod:`execir.mutation.operator_registry`'s.

The six types map onto classical mutation-testing operators (ExecRetrieval §3.2, Jia & Harman
2011): constant replacement (off_by_one), arithmetic/logical operator replacement
(wrong_operator), argument/operand swap (swap_arguments), guard deletion
(remove_edge_case_check), relational operator replacement (wrong_comparison) and loop/slice
bound shift (off_by_one_boundary).
"""

from __future__ import annotations

import ast
from typing import ClassVar, Iterator

from execir.mutation.operator_base import Example, Operator, is_int, shifts
from execir.mutation.context import Edit, MutationContext
from execir.mutation.intvalue import LOOSE_PARENTS, int_call, int_names, int_valued, own_returns

__all__ = ["Example", "Operator"]


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
                    yield from shifts(ctx, arg, "range bound")
            elif isinstance(node, ast.Slice):
                for bound in (node.lower, node.upper):
                    if bound is not None:
                        yield from shifts(ctx, bound, "slice bound")
            elif isinstance(node, ast.While) and isinstance(node.test, ast.Compare):
                for comp, op in zip(node.test.comparators, node.test.ops):
                    if isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                        yield from shifts(ctx, comp, "loop bound")


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
            if is_int(node) and id(node) not in ctx.claimed:
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
                yield from shifts(ctx, node.slice, "index")


class IntCallShift(Operator):
    """off_by_one: the result of an int-valued call (``len``, ``ord``, ``int``, ``.count``,
    ``.index``, ``.find``, ``.rfind``, ``.bit_length``) is used one too high or one too low."""

    name = "int_call_shift"
    mutation_type = "off_by_one"
    examples = (
        ("def f(s):\n    return len(s)\n",
         ("def f(s):\n    return len(s) + 1\n", "def f(s):\n    return len(s) - 1\n")),
        ("k = 2 * s.count('a')\n", ("k = 2 * (s.count('a') + 1)\n", "k = 2 * (s.count('a') - 1)\n")),
        ("ok = len(s) + 1 > n\n", ()),
        ("v = abs(x)\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if not int_call(node):
                continue
            parent = ctx.parents.get(id(node))
            if (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub))
                    and (is_int(parent.right) or is_int(parent.left))):
                continue  # `len(s) - 1` already gets its constant shifted
            start, end = ctx.src.span(node)
            text = ctx.text(node)
            bare = isinstance(parent, LOOSE_PARENTS) or (
                isinstance(parent, ast.Call) and node in parent.args) or (
                isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add)) or (
                isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub)
                and node is parent.left) or (
                isinstance(parent, ast.Subscript) and node is parent.slice)
            for sign in ("+", "-"):
                new = f"{text} {sign} 1" if bare else f"({text} {sign} 1)"
                yield Edit(start, end, new, f"Used `{text}` one too {'high' if sign == '+' else 'low'}"
                           f" (`{new}`) on line {ctx.line(node)}.")


class ReturnShift(Operator):
    """off_by_one: a function returning an int-valued expression returns one more / one less
    (int-valued: see :func:`_int_valued`; local names bound only to such expressions count)."""

    name = "return_shift"
    mutation_type = "off_by_one"
    examples = (
        ("def f(xs):\n    n = 0\n    for x in xs:\n        n += x > 0\n    return n\n", ()),
        ("def f(xs):\n    n = 0\n    for x in xs:\n        n += 1\n    return n\n",
         ("def f(xs):\n    n = 0\n    for x in xs:\n        n += 1\n    return n + 1\n",
          "def f(xs):\n    n = 0\n    for x in xs:\n        n += 1\n    return n - 1\n")),
        ("def f(a, b):\n    return a\n", ()),
        ("def f(s):\n    return s.find('x') if s else 0\n",
         ("def f(s):\n    return (s.find('x') if s else 0) + 1\n",
          "def f(s):\n    return (s.find('x') if s else 0) - 1\n")),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for func in ast.walk(ctx.tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            names = int_names(func)
            for sub in own_returns(func):
                if (sub.value is not None and id(sub) in ctx.parents and not is_int(sub.value)
                        and not int_call(sub.value) and int_valued(sub.value, names)):
                    yield from shifts(ctx, sub.value, "returned value")


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


#: Reductions that swap into their dual: ``min``↔``max`` (the order reduction), ``any``↔``all``
#: (the n-ary ``or``↔``and``).
_DUAL_CALLS = {"min": "max", "max": "min", "any": "all", "all": "any"}


class ReductionOperator(Operator):
    """wrong_operator: ``min``↔``max`` and ``any``↔``all`` — a reduction replaced by its dual
    (``any``/``all`` are the n-ary ``or``/``and``; ``min``/``max`` the n-ary order reductions)."""

    name = "reduction_operator"
    mutation_type = "wrong_operator"
    examples = (
        ("m = max(a, b)\n", ("m = min(a, b)\n",)),
        ("ok = all(x > 0 for x in xs)\n", ("ok = any(x > 0 for x in xs)\n",)),
        ("m = obj.max(a)\n", ()),
    )

    def edits(self, ctx: MutationContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in _DUAL_CALLS and node.args):
                start, end = ctx.src.span(node.func)
                old, new = node.func.id, _DUAL_CALLS[node.func.id]
                yield Edit(start, end, new, f"Replaced `{old}` with `{new}` in `{ctx.text(node)}` "
                           f"on line {ctx.line(node)}.")


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
