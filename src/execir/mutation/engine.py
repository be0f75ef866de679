"""Exhaustive, deterministic enumeration of single-span mutants (ExecRetrieval §3.2, item 2 of the
mutation issue).

Every operator of :data:`~execir.mutation.operator_registry.OPERATORS` proposes edits; each edit replaces
exactly one character span of the canonical, so everything else stays byte-identical.  A
candidate is kept when it compiles, is a different program (its AST differs from the
canonical's, so whitespace-only or parenthesis-only edits vanish) and its code was not already
produced by an earlier candidate.
"""

from __future__ import annotations

import ast
from typing import Sequence

from execir.mutation.context import Edit, MutationContext
from execir.mutation.mutant import EXTENDED, Mutant, build_mutant
from execir.mutation.operator_base import Operator
from execir.mutation.operator_registry import OPERATORS

def _compiles(code: str) -> ast.Module | None:
    try:
        tree = ast.parse(code)
        compile(tree, "<mutant>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return tree


_FUNCTION_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _defines(tree: ast.Module, name: str) -> bool:
    # the usual case first: a module-level def (same answer as the full walk, found sooner)
    if any(isinstance(node, _FUNCTION_DEFS) and node.name == name for node in tree.body):
        return True
    return any(isinstance(node, _FUNCTION_DEFS) and node.name == name for node in ast.walk(tree))


_MISSING = object()
_AST = ast.AST
#: leaf types whose ``==`` (between two values of the same exact type) is ``repr`` equality
_EQ_LEAVES = (str, int, bool, bytes)


def same_dump(a: ast.AST, b: ast.AST) -> bool:
    """``ast.dump(a) == ast.dump(b)``, without building either string (stops at the first
    difference).

    ``ast.dump`` (default arguments) writes each node as its class name and, per field, either
    nothing (the attribute is missing, or None where the class default is None) or
    ``name=<value>``; lists as ``[...]``; anything else as its ``repr``.  That text is a Python
    expression that parses back to the same structure, so two dumps are equal exactly when the
    trees agree piece by piece: class names, omitted fields, list lengths and the ``repr`` of every
    other value.  This walks both trees comparing those pieces; a pair it cannot settle that way
    (e.g. a node against a non-node) is compared by its own ``ast.dump``/``repr`` texts.
    """
    stack = [(a, b)]
    pop, push = stack.pop, stack.append
    while stack:
        x, y = pop()
        tx, ty = type(x), type(y)
        if tx is ty and tx in _EQ_LEAVES or x is None and y is None:
            if x != y:
                return False
            continue
        if isinstance(x, _AST) and isinstance(y, _AST):
            if tx is not ty:  # e.g. Lt against LtE: the texts start with different names
                if tx.__name__ != ty.__name__ or _text(x) != _text(y):
                    return False
                continue
            for name in tx._fields:
                vx = getattr(x, name, _MISSING)
                vy = getattr(y, name, _MISSING)
                ox = vx is _MISSING or vx is None and getattr(tx, name, ...) is None
                oy = vy is _MISSING or vy is None and getattr(ty, name, ...) is None
                if ox or oy:
                    if ox != oy:
                        return False
                    continue
                push((vx, vy))
            continue
        if tx is list and ty is list:
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y))
            continue
        if _text(x) != _text(y):
            return False
    return True


def _text(value: object) -> str:
    """``ast.dump``'s text of one value (a node, a list or anything else)."""
    if isinstance(value, _AST):
        return ast.dump(value)
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return repr(value)


def apply_edits(code: str, candidates: Sequence[tuple[Operator, Edit]], ctx: MutationContext,
                *, entry_point: str | None = None) -> list[Mutant]:
    """Turn (operator, edit) candidates into verified, de-duplicated :class:`Mutant` records.

    Candidates are ordered by (start offset, end offset, position in the input); the first
    candidate producing a given code wins.  Drops candidates that do not compile, that leave the
    AST unchanged, or (with ``entry_point``) that no longer define the entry point.
    """
    order = sorted(range(len(candidates)),
                   key=lambda i: (candidates[i][1].start, candidates[i][1].end, i))
    seen = {code}
    out: list[Mutant] = []
    for i in order:
        op, edit = candidates[i]
        new = code[:edit.start] + edit.replacement + code[edit.end:]
        if new in seen:
            continue
        seen.add(new)
        tree = _compiles(new)
        if tree is None or same_dump(tree, ctx.tree):
            continue
        if entry_point is not None and not _defines(tree, entry_point):
            continue
        out.append(build_mutant(code, new, op, edit, ctx.src))
    return out


def enumerate_mutants(code: str, *, entry_point: str | None = None, extended: bool = False,
                      operators: Sequence[Operator] | None = None,
                      language: str = "python") -> list[Mutant]:
    """Every single-span mutant of ``code``, in a deterministic order.

    Args:
        code: the canonical source (Python unless ``language`` says otherwise).
        entry_point: when given, only function bodies are mutated (module-level set-up such as
            imports and constants is left alone) and every mutant must still define this name.
        extended: also apply the classical ``extended`` operators (negated conditions, replaced
            return values, ``break``↔``continue``, constant replacement, statement deletion).
        operators: use these operators instead of the default registry (``extended`` still
            filters out extended ones).
        language: ``"python"`` (this engine, on :mod:`ast`) or one of ``"cpp"``, ``"java"``,
            ``"go"``, ``"ruby"``, ``"javascript"``, ``"rust"`` (and their aliases), handled by
            :func:`execir.mutation.treesitter.enumerate_mutants` with its own operators.

    Returns:
        mutants ordered by the position of the edited span, then by operator registry order;
        codes are pairwise distinct and differ from ``code``.

    Raises:
        SyntaxError: ``code`` itself does not parse.
        ValueError: unsupported ``language``.
    """
    if language.lower() != "python":
        from execir.mutation import treesitter  # noqa: PLC0415 - a submodule, not the package
        return treesitter.enumerate_mutants(code, language=language, entry_point=entry_point,
                                            extended=extended, operators=operators)  # type: ignore[arg-type]
    ctx = MutationContext.build(code, functions_only=entry_point is not None)
    candidates: list[tuple[Operator, Edit]] = []
    for op in (OPERATORS if operators is None else operators):
        if op.mutation_type == EXTENDED and not extended:
            continue
        candidates.extend((op, edit) for edit in op.edits(ctx))
    return apply_edits(code, candidates, ctx, entry_point=entry_point)
