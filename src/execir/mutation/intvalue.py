"""Which expressions are int-valued: a conservative analysis for the off-by-one operators.

No type inference beyond what the syntax guarantees: literals, calls whose result is an int
whenever they return, arithmetic closed over ints, and local names bound only to such values.
"""

from __future__ import annotations

import ast
from typing import Iterator

from execir.mutation.operator_base import is_int

#: Builtins and methods whose result is always an int (when the call succeeds).
_INT_FUNCS = frozenset({"len", "ord", "int"})
_INT_METHODS = frozenset({"count", "index", "find", "rfind", "bit_length"})
#: Parents next to which `` ± 1`` may be appended to a node without parentheses.
LOOSE_PARENTS = (ast.Compare, ast.BoolOp, ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign,
                  ast.keyword, ast.List, ast.Tuple, ast.Set, ast.If, ast.While, ast.Expr)


def int_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
        return False
    if isinstance(node.func, ast.Name):
        return node.func.id in _INT_FUNCS
    return isinstance(node.func, ast.Attribute) and node.func.attr in _INT_METHODS


def int_valued(node: ast.AST, names: frozenset[str] = frozenset()) -> bool:
    """Conservative: True only for expressions that evaluate to an int whenever they succeed —
    int literals, ``len``/``ord``/``int`` calls, ``.count``/``.index``/``.find`` results,
    ``sum`` of an int-valued generator, names in ``names``, and ``+ - * // %`` / unary minus /
    conditional expressions built from those."""
    if is_int(node) or int_call(node):
        return True
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult,
                                                            ast.FloorDiv, ast.Mod)):
        return int_valued(node.left, names) and int_valued(node.right, names)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return int_valued(node.operand, names)
    if isinstance(node, ast.IfExp):
        return int_valued(node.body, names) and int_valued(node.orelse, names)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum"
            and len(node.args) == 1 and not node.keywords
            and isinstance(node.args[0], (ast.GeneratorExp, ast.ListComp))):
        return int_valued(node.args[0].elt, names)
    return False


def int_names(func: ast.AST) -> frozenset[str]:
    """Local names of a function bound only to int-valued expressions (``n = 0``, ``n += 1``,
    ``for i in range(...)``); parameters and any other binding disqualify a name."""
    bindings: dict[str, list[ast.AST | None]] = {}
    args = getattr(func, "args", None)
    if args is not None:
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is not None:
                bindings.setdefault(a.arg, []).append(None)
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        bindings.setdefault(n.id, []).append(node.value if t is n else None)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            ok = isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod))
            # `n += v` keeps n an int when v is (n itself is assumed int: see the fixpoint)
            bindings.setdefault(node.target.id, []).append(node.value if ok else None)
        elif isinstance(node, (ast.For, ast.comprehension)):
            is_range = (isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name)
                        and node.iter.func.id == "range")
            for n in ast.walk(node.target):
                if isinstance(n, ast.Name):
                    bindings.setdefault(n.id, []).append(
                        ast.Constant(0) if is_range and n is node.target else None)
        elif isinstance(node, (ast.NamedExpr, ast.AnnAssign, ast.With, ast.ExceptHandler,
                               ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)):
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    bindings.setdefault(n.id, []).append(None)
            for name in getattr(node, "names", ()):
                if isinstance(name, str):
                    bindings.setdefault(name, []).append(None)
    names: set[str] = set()
    changed = True
    while changed:  # grow to a fixpoint: `m = n * 2` is int once `n` is known to be
        changed = False
        for name, values in bindings.items():
            if name not in names and all(v is not None and int_valued(v, frozenset(names | {name}))
                                         for v in values):
                names.add(name)
                changed = True
    return frozenset(names)


def own_returns(func: ast.AST) -> Iterator[ast.Return]:
    """``return`` statements of ``func`` itself (not of functions or classes nested in it)."""
    stack = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
