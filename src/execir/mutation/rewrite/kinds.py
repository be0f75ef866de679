"""Rewrites that rely on what kind of value a local holds: augmented assignment on numbers,
emptiness tests on sized builtins.

The kinds come from a conservative fixpoint over every binding of a name in its function
(:func:`numeric_names`, :func:`sized_names`): a name qualifies only when each of its bindings
gives that kind of value or raises.  Like the operand rewrites, these rely on builtin operator
semantics and refuse a module that is not *plain*.
"""

from __future__ import annotations

import ast
import random
from typing import Iterator

from execir.mutation.context import Edit, MutationContext
from execir.mutation.intvalue import int_valued
from execir.mutation.rewrite.base import (Facts, RewriteOperator, facts, has_binding_effects,
                                          is_number, own_stores)
from execir.mutation.rewrite.syntax import operand_text, precedence


def _bindings(f: Facts, func: ast.AST, value_of) -> dict[str, list[ast.AST | None]]:
    """name -> what each binding of it inside ``func`` (nested scopes included) assigns, as
    ``value_of(name_node, parent)`` says (None: unknown); parameters are unknown."""
    out: dict[str, list[ast.AST | None]] = {}
    for n in ast.walk(func):
        if isinstance(n, ast.arg):
            out.setdefault(n.arg, []).append(None)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            out.setdefault(n.id, []).append(value_of(n, f.parent[id(n)]))
    return out


def _fixpoint(bindings: dict[str, list[ast.AST | None]], test) -> frozenset[str]:
    """The largest set of names whose every binding passes ``test(value, names)``, grown from
    nothing (a binding may rely on its own name: ``n = n + 1``)."""
    names: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, values in bindings.items():
            if name not in names and all(v is not None and test(v, names | {name})
                                         for v in values):
                names.add(name)
                changed = True
    return frozenset(names)


_ARITH = (ast.Add, ast.Sub, ast.Div, ast.FloorDiv, ast.Pow, ast.LShift, ast.RShift, ast.BitAnd,
          ast.BitOr, ast.BitXor)


def numeric_names(f: Facts, func: ast.AST) -> frozenset[str]:
    """Local names of a function only ever bound to numbers (or whose binding raises): numeric
    literals, int-valued expressions (:func:`execir.mutation.intvalue.int_valued`), ``range``
    loop indices, and operators that keep a number a number whatever builtin value meets it
    (``n + v``, ``n - v``, ``n / v``... and ``n += v``: a number and a non-number raise
    ``TypeError``; ``*`` only between numbers, since ``1 * 'ab'`` is a string).  Parameters and
    any other binding disqualify a name."""

    def value_of(n: ast.Name, parent: ast.AST) -> ast.AST | None:
        if isinstance(parent, ast.Assign) and any(t is n for t in parent.targets):
            return parent.value
        if isinstance(parent, ast.AugAssign) and parent.target is n:
            return ast.BinOp(left=n, op=parent.op, right=parent.value)
        if isinstance(parent, (ast.For, ast.comprehension)) and parent.target is n \
                and isinstance(parent.iter, ast.Call) and isinstance(parent.iter.func, ast.Name) \
                and parent.iter.func.id == "range" and f.builtin("range"):
            return ast.Constant(0)
        return None

    return _fixpoint(_bindings(f, func, value_of),
                     lambda v, names: _numeric(f, v, names)) - f.declared


def _numeric(f: Facts, node: ast.AST, names: set[str]) -> bool:
    if is_number(node) or (not f.shadowed & {"len", "ord", "int", "sum"}
                           and int_valued(node, frozenset(names))):
        return True
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.BinOp):
        left, right = _numeric(f, node.left, names), _numeric(f, node.right, names)
        if isinstance(node.op, _ARITH):
            return left or right
        if isinstance(node.op, ast.Mod):
            return left
        return left and right
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _numeric(f, node.operand, names)
    if isinstance(node, ast.IfExp):
        return _numeric(f, node.body, names) and _numeric(f, node.orelse, names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and f.builtin(node.func.id) \
            and len(node.args) == 1 and not node.keywords \
            and not isinstance(node.args[0], ast.Starred):
        return node.func.id in ("float", "int", "abs", "round", "len", "ord", "sum")
    return False


_AUG_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
            ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&",
            ast.BitOr: "|", ast.BitXor: "^"}


class AugmentedAssignment(RewriteOperator):
    """``x += v`` ↔ ``x = x + v`` (every arithmetic and bitwise operator) for a local ``x`` that
    is only ever bound to numbers (:func:`numeric_names`): numbers are immutable, so the
    augmented form falls back to the plain operator."""

    name = "augmented_assignment"
    examples = (
        ("def f(xs):\n    n = 0\n    for x in xs:\n        n += x\n    return n\n",
         "def f(xs):\n    n = 0\n    for x in xs:\n        n = n + x\n    return n\n"),
        ("def f(a, b):\n    t = 1.5\n    t -= a - b\n    return t\n",
         "def f(a, b):\n    t = 1.5\n    t = t - (a - b)\n    return t\n"),
        ("def f(k):\n    n = 0\n    n = n * 2 + 1\n    n = n + (k - 1)\n    return n\n",
         "def f(k):\n    n = 0\n    n = n * 2 + 1\n    n += k - 1\n    return n\n"),
        ("def f(s):\n    n = 1\n    n *= s\n    return n\n", None),  # `1 * 'ab'` is a string
        # lists mutate in place
        ("def f(xs):\n    acc = []\n    acc += xs\n    return acc\n", None),
        ("def f(s):\n    s += 1\n    return s\n", None),                      # a parameter
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        if not f.plain:
            return
        code = ctx.src.code
        for node in ctx.nodes:
            if not isinstance(node, (ast.AugAssign, ast.Assign)):
                continue
            func = f.function_of(node)
            if func is None or has_binding_effects(node):
                continue
            names = f.cached("numeric", func, lambda fn: numeric_names(f, fn))
            start, end = ctx.src.span(node)
            if isinstance(node, ast.AugAssign):
                if not isinstance(node.target, ast.Name) or node.target.id not in names:
                    continue
                tok = ctx.operator_token(node.target, node.value)
                if tok is None or type(node.op) not in _AUG_OPS:
                    continue
                op = _AUG_OPS[type(node.op)]
                value = operand_text(ctx, node.value, (_skip_blank(code, tok[1]), end), node.op,
                                     "right")
                x = node.target.id
                yield Edit(start, end, f"{x} = {x} {op} {value}",
                           f"Wrote `{ctx.text(node)}` as a plain assignment on line "
                           f"{ctx.line(node)}.")
            elif (len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and node.targets[0].id in names and isinstance(node.value, ast.BinOp)
                  and type(node.value.op) in _AUG_OPS and isinstance(node.value.left, ast.Name)
                  and node.value.left.id == node.targets[0].id and node.type_comment is None):
                binop = node.value
                tok = ctx.operator_token(binop.left, binop.right)
                if tok is None:
                    continue
                right = code[_skip_blank(code, tok[1]):ctx.src.span(binop)[1]]
                inner = ctx.src.span(binop.right)
                if right.startswith("(") and right.endswith(")") and _one_pair(ctx, right) \
                        and ctx.src.span(binop)[1] - inner[1] == 1 and precedence(binop.right) > 0:
                    right = right[1:-1].strip()
                if "\n" in right:
                    continue
                yield Edit(start, end, f"{node.targets[0].id} {_AUG_OPS[type(binop.op)]}= {right}",
                           f"Wrote `{ctx.text(node)}` as an augmented assignment on line "
                           f"{ctx.line(node)}.")


def _skip_blank(code: str, i: int) -> int:
    while i < len(code) and code[i] in " \t":
        i += 1
    return i


def _one_pair(ctx: MutationContext, text: str) -> bool:
    """``text`` is ``( ... )`` with the first parenthesis closed by the last one."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            return i == len(text) - 1
    return False


_SIZED_CALLS = frozenset({"list", "sorted", "str", "tuple", "dict", "set", "frozenset"})
#: methods that only builtin strings (and bytes) have, returning strings or lists of them
_STR_METHODS = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "split", "rsplit",
                          "splitlines", "title", "swapcase", "capitalize", "casefold", "join"})
#: methods that keep a sized builtin's kind (``datetime.replace`` does not: the receiver counts)
_KIND_METHODS = frozenset({"replace", "copy"})


def sized_names(f: Facts, func: ast.AST) -> frozenset[str]:
    """Local names of a function only ever bound to builtin sized values whose truth value is
    ``len(x) != 0`` (lists, tuples, strings, dicts, sets), or whose binding raises: literals and
    comprehensions of those, ``list(...)``/``sorted(...)``/``str(...)``..., methods only strings
    have (``s.strip()``, ``' '.join(...)``), ``.copy()``/``.replace()`` of such values, slices
    of them, ``+``/``*`` with one such operand, ``+=``/``*=``.
    Parameters and any other binding disqualify a name."""

    def value_of(n: ast.Name, parent: ast.AST) -> ast.AST | None:
        if isinstance(parent, ast.Assign) and any(t is n for t in parent.targets):
            return parent.value
        if isinstance(parent, ast.AugAssign) and parent.target is n \
                and isinstance(parent.op, (ast.Add, ast.Mult)):
            return n  # keeps the kind: a list stays a list, a string a string
        return None

    own = own_stores(func)  # a name read but bound only in a nested scope is a global here
    return frozenset(n for n in _fixpoint(_bindings(f, func, value_of),
                                          lambda v, names: _sized(f, v, names))
                     if n in own and n not in f.declared)


def _sized(f: Facts, node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, (ast.List, ast.Tuple, ast.Dict, ast.Set, ast.ListComp, ast.SetComp,
                         ast.DictComp, ast.JoinedStr)):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (str, bytes))
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id in _SIZED_CALLS and f.builtin(node.func.id)
        if isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS:
            return True
        if isinstance(node.func, ast.Attribute) and node.func.attr in _KIND_METHODS:
            return _sized(f, node.func.value, names)
        return False
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        return _sized(f, node.value, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
        return _sized(f, node.left, names) or _sized(f, node.right, names)
    return False


def _len_of(f: Facts, node: ast.AST, names: frozenset[str]) -> str | None:
    """The name ``x`` when ``node`` is ``len(x)`` with a sized local ``x``."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
            and f.builtin("len") and len(node.args) == 1 and not node.keywords
            and isinstance(node.args[0], ast.Name) and node.args[0].id in names):
        return node.args[0].id
    return None


def _is_zero(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 0


class EmptyTest(RewriteOperator):
    """``len(x) == 0`` ↔ ``not x``, and where only the truth value counts ``len(x) > 0`` /
    ``len(x) != 0`` → ``x`` and ``x`` → ``len(x) > 0``, for a local ``x`` only ever bound to a
    builtin sized value (:func:`sized_names`)."""

    name = "empty_test"
    examples = (
        ("def f(s):\n    out = []\n    for c in s:\n        out.append(c)\n"
         "    return len(out) == 0\n",
         "def f(s):\n    out = []\n    for c in s:\n        out.append(c)\n    return not out\n"),
        ("def f(s):\n    t = s.strip()\n    if not t:\n        return 0\n    return 1\n",
         "def f(s):\n    t = s.strip()\n    if len(t) == 0:\n        return 0\n    return 1\n"),
        ("def f(xs):\n    stack = list(xs)\n    while len(stack) > 0:\n        stack.pop()\n"
         "    return stack\n",
         "def f(xs):\n    stack = list(xs)\n    while stack:\n        stack.pop()\n"
         "    return stack\n"),
        ("def f(xs):\n    return len(xs) == 0\n", None),  # a parameter: may be anything
        ("def f(g):\n    r = g()\n    return not r\n", None),
    )

    def edits(self, ctx: MutationContext, rng: random.Random | None = None) -> Iterator[Edit]:
        f = facts(ctx)
        if not f.plain:
            return
        for node in ctx.nodes:
            func = f.function_of(node)
            if func is None:
                continue
            names = f.cached("sized", func, lambda fn: sized_names(f, fn))
            start, end = ctx.src.span(node)
            line = ctx.line(node)
            if isinstance(node, ast.Compare) and len(node.ops) == 1:
                op, a, b = node.ops[0], node.left, node.comparators[0]
                name = _len_of(f, a, names) if _is_zero(b) else (
                    _len_of(f, b, names) if _is_zero(a) and isinstance(op, (ast.Eq, ast.NotEq))
                    else None)
                if name is None:
                    continue
                if isinstance(op, ast.Eq):
                    yield Edit(start, end, f"not {name}", f"Wrote `{ctx.text(node)}` as "
                               f"`not {name}` on line {line}.")
                elif isinstance(op, (ast.NotEq, ast.Gt)) and f.in_bool_context(node):
                    yield Edit(start, end, name, f"Wrote `{ctx.text(node)}` as the truth value "
                               f"of `{name}` on line {line}.")
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) \
                    and isinstance(node.operand, ast.Name) and node.operand.id in names \
                    and f.builtin("len"):
                yield Edit(start, end, f"len({node.operand.id}) == 0",
                           f"Wrote `{ctx.text(node)}` as a length test on line {line}.")
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) \
                    and node.id in names and f.in_bool_context(node) and f.builtin("len") \
                    and not isinstance(f.parent.get(id(node)), ast.UnaryOp):
                yield Edit(start, end, f"len({node.id}) > 0",
                           f"Wrote the truth value of `{node.id}` as a length test on line {line}.")
