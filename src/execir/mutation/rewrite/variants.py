"""Variants: one to three seeded rewrites of a program, each recorded as an edit.

:func:`propose` lists every single rewrite of a program that the operators of :data:`REWRITES`
accept and that survives the same checks as a mutant (it compiles, its AST differs, it still
defines the entry point); :func:`rewrite_variants` chains a few of them, chosen by a
:class:`random.Random` seeded from the seed and the code, into distinct :class:`Variant` records.
Nothing is executed here; :mod:`execir.mutation.rewrite.equivalence` verifies variants in the
sandbox.
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass
from typing import Any, Sequence

from execir.mutation.context import Edit, MutationContext
from execir.mutation.engine import _compiles, _defines, same_dump
from execir.mutation.mutant import SourceMap
from execir.mutation.rewrite.base import RewriteOperator
from execir.mutation.rewrite.branches import EarlyExitElse, InvertIf
from execir.mutation.rewrite.kinds import AugmentedAssignment, EmptyTest
from execir.mutation.rewrite.loops import ComprehensionLoop, SwapAssignments
from execir.mutation.rewrite.names import RenameLocal, RenameLoopIndex
from execir.mutation.rewrite.operands import (CommuteBoolean, CommuteOperands, DeMorgan,
                                              FlipComparison)
from execir.mutation.call_inputs import seed_for

#: every rewrite operator, in the order used to break ties and to list candidates
REWRITES: tuple[RewriteOperator, ...] = (
    RenameLocal(), RenameLoopIndex(), CommuteOperands(), CommuteBoolean(), FlipComparison(),
    DeMorgan(), AugmentedAssignment(), EmptyTest(), InvertIf(), EarlyExitElse(),
    ComprehensionLoop(), SwapAssignments(),
)


@dataclass(frozen=True)
class RewriteEdit:
    """One applied rewrite.

    Attributes:
        operator: the rewrite operator's name.
        span: ``(start_line, start_col, end_line, end_col)`` of the replaced text in the code the
            edit was applied to (the input for the first edit of a variant, the previous edit's
            result for the next), lines 1-based, columns 0-based characters, end exclusive.
        before: the replaced text.
        after: its replacement.
        description: one sentence saying what changed.
    """

    operator: str
    span: tuple[int, int, int, int]
    before: str
    after: str
    description: str

    def to_dict(self) -> dict[str, Any]:
        return {"operator": self.operator, "span": list(self.span), "before": self.before,
                "after": self.after, "description": self.description}


@dataclass(frozen=True)
class Variant:
    """A program made from another by the rewrites in ``edits``, applied in order."""

    code: str
    edits: tuple[RewriteEdit, ...]

    @property
    def operators(self) -> tuple[str, ...]:
        return tuple(e.operator for e in self.edits)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready record of the edits (the code travels separately)."""
        return {"edits": [e.to_dict() for e in self.edits]}


@dataclass(frozen=True)
class Proposal:
    """One valid single rewrite: the operator, its edit and the resulting code."""

    operator: RewriteOperator
    edit: Edit
    code: str


def propose(code: str, *, entry_point: str | None = None,
            operators: Sequence[RewriteOperator] | None = None,
            rng: random.Random | None = None) -> list[Proposal]:
    """Every single rewrite of ``code`` that compiles, changes its AST and (with
    ``entry_point``, which also restricts rewrites to function bodies) still defines the entry
    point; distinct codes, in operator order then source order.

    Raises:
        SyntaxError: ``code`` does not parse.
    """
    ctx = MutationContext.build(code, functions_only=entry_point is not None)
    seen = {code}
    out: list[Proposal] = []
    for op in REWRITES if operators is None else operators:
        for edit in op.edits(ctx, rng):
            new = code[:edit.start] + edit.replacement + code[edit.end:]
            if new in seen:
                continue
            seen.add(new)
            tree = _compiles(new)
            if tree is None or same_dump(tree, ctx.tree):
                continue
            if entry_point is not None and not _defines(tree, entry_point):
                continue
            out.append(Proposal(op, edit, new))
    return out


def _record(code: str, p: Proposal) -> RewriteEdit:
    src = SourceMap(code)  # positions in the code the edit applies to
    sl, sc = src.position(p.edit.start)
    el, ec = src.position(p.edit.end)
    return RewriteEdit(p.operator.name, (sl, sc, el, ec), code[p.edit.start:p.edit.end],
                       p.edit.replacement, p.edit.description)


def rewrite_variants(code: str, *, entry_point: str | None, n: int, seed: int,
                     operators: Sequence[RewriteOperator] | None = None,
                     max_edits: int = 3) -> list[Variant]:
    """Up to ``n`` distinct variants of ``code``, each made by 1 to ``max_edits`` rewrites.

    For each variant a number of edits is drawn, then for each edit an operator among those with
    a valid proposal (uniformly, so that renames do not crowd out the rest) and one of its
    proposals; an edit that would return to a code already on the chain is not drawn.  Variants
    whose AST equals the input's or an earlier variant's are dropped.  The draws come from one
    :class:`random.Random` seeded by ``seed`` and ``code``: the same arguments give the same
    variants.  Works on any Python code (a canonical or a mutant alike); code that does not
    parse, or does not define ``entry_point``, has no variants.

    Args:
        code: the program.
        entry_point: the function every variant must still define (rewrites then stay inside
            function bodies); None rewrites the whole module.
        n: the most variants to return.
        seed: the seed.
        operators: the operators to draw from (default :data:`REWRITES`).
        max_edits: the most rewrites per variant.
    """
    tree = _compiles(code)
    if tree is None or n <= 0 or (entry_point is not None and not _defines(tree, entry_point)):
        return []
    ops = list(REWRITES if operators is None else operators)
    order = {op.name: i for i, op in enumerate(ops)}
    rng = random.Random(seed_for(seed, "rewrite_variants", code))
    kept: list[Variant] = []
    trees: list[ast.Module] = [tree]
    attempts = 0
    while len(kept) < n and attempts < 4 * n + 8:
        attempts += 1
        steps = rng.randint(1, max(1, max_edits))
        cur, chain, edits = code, {code}, []
        for _ in range(steps):
            # proposed afresh each time: renames draw their new names from `rng`
            options = [p for p in propose(cur, entry_point=entry_point, operators=ops, rng=rng)
                       if p.code not in chain]
            if not options:
                break
            names = sorted({p.operator.name for p in options}, key=order.__getitem__)
            name = rng.choice(names)
            choice = rng.choice([p for p in options if p.operator.name == name])
            edits.append(_record(cur, choice))
            chain.add(choice.code)
            cur = choice.code
        if not edits:
            break  # nothing applies to the input at all
        new_tree = ast.parse(cur)
        if any(same_dump(new_tree, t) for t in trees):
            continue
        trees.append(new_tree)
        kept.append(Variant(cur, tuple(edits)))
    return kept
