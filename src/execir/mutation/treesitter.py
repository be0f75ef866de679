"""Single-span mutants of C++, Java, Go, Ruby, JavaScript and Rust code, on tree-sitter trees.

The same contracts as the Python engine (:mod:`execir.mutation.engine`): mutation is pure (no
code runs), enumeration is exhaustive and deterministic, and each :class:`~execir.mutation.Mutant`
replaces exactly one character span of the canonical — ``span`` holds ``before`` and putting
``after`` there rebuilds ``code`` byte for byte.  tree-sitter reports UTF-8 *byte* offsets;
:class:`TSContext` turns them into character offsets, and spans into (1-based line, 0-based
character column) with :class:`~execir.mutation.mutant.SourceMap` (lines end at ``\\n``,
``\\r\\n`` or ``\\r``).

Operators mirror the Python ones and their :data:`~execir.mutation.SIX_TYPES` mapping (which run,
and in which order: :mod:`execir.mutation.operator_registry`):

============================  =======================  ===========================================
operator                      mutation type            edit
============================  =======================  ===========================================
``boundary_shift``            off_by_one_boundary      ``for`` start / ``for`` and ``while`` bound,
                                                       range ends (``a..b``), slice bounds ±1
``int_constant_shift``        off_by_one               integer literal ``c`` → ``c ± 1``
``index_shift``               off_by_one               ``a[i]`` / ``xs.get(i)`` → ``i ± 1``
``int_call_shift``            off_by_one               ``len(x)``, ``s.size()``, ``s.length`` ± 1
``return_shift``              off_by_one               returned value ± 1 where the declared return
                                                       type is an integer (C++, Java, Go, Rust)
``arithmetic_operator``       wrong_operator           ``+``↔``-``, ``*``→``/``/``+``, ``/``→``*``/
                                                       ``%``, ``%``→``/``, ``**``→``*``
``bitwise_operator``          wrong_operator           ``&``, ``|``, ``^``, ``<<``↔``>>``
``boolean_operator``          wrong_operator           ``&&``↔``||`` (``and``↔``or``)
``augassign_operator``        wrong_operator           ``+=``↔``-=``, ``*=``→``/=``, ...
``increment_operator``        wrong_operator           ``++``↔``--`` (C++, Java, JavaScript, Go)
``reduction_operator``        wrong_operator           ``min``↔``max``, ``any``↔``all``,
                                                       ``some``↔``every``, ...
``swap_call_arguments``       swap_arguments           adjacent call arguments change places
``swap_operands``             swap_arguments           operands of ``-``, ``/``, ``%``, ``**``,
                                                       ``<<``, ``>>`` change places
``remove_guard``              remove_edge_case_check   an early-exit ``if`` (no ``else``) deleted
``relational_operator``       wrong_comparison         ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``,
                                                       ``===``↔``!==``
``negate_condition``          extended                 ``if``/loop/ternary condition negated
``replace_return``            extended                 returned value → the type's default (``{}``,
                                                       ``Default::default()``, ``null``, ``nil``,
                                                       ``0``...); booleans flipped
``break_continue``            extended                 ``break``↔``continue`` (Ruby ``next``)
``constant_replacement``      extended                 ``true``↔``false``, string → empty string
``delete_statement``          extended                 an assignment / call / ``++`` statement
                                                       with siblings deleted
============================  =======================  ===========================================

Only mutants that parse without ERROR or MISSING nodes are kept; comments and the insides of
string literals (interpolations included) are never edited, nor are types, annotations and
preprocessor lines.
"""

from __future__ import annotations

from typing import Sequence

from execir.mutation.context import Edit
from execir.mutation.languages import Language, Node, get_language
from execir.mutation.mutant import EXTENDED, Mutant, build_mutant
from execir.mutation.ts.conditions import RelationalOperator, RemoveGuard
from execir.mutation.ts.ts_context import TSContext, char_offsets
from execir.mutation.ts.extended import (BreakContinue, ConstantReplacement, DeleteStatement,
                                         NegateCondition, ReplaceReturn)
from execir.mutation.ts.off_by_one import (BoundaryShift, ConstantShift, IndexShift, IntCallShift,
                                           ReturnShift)
from execir.mutation.ts.operator import Example, TSOperator
from execir.mutation.ts.shifts import shifts
from execir.mutation.ts.swaps import SwapArguments, SwapOperands
from execir.mutation.ts.wrong_operator import (ArithmeticOperator, AugAssignOperator,
                                               BitwiseOperator, BooleanOperator,
                                               IncrementOperator, ReductionOperator)

__all__ = ["TSContext", "TSOperator", "enumerate_mutants",
           # re-exported parts (execir.mutation.ts)
           "ArithmeticOperator", "AugAssignOperator", "BitwiseOperator", "BooleanOperator",
           "BoundaryShift", "BreakContinue", "ConstantReplacement", "ConstantShift",
           "DeleteStatement", "Example", "IncrementOperator", "IndexShift", "IntCallShift",
           "NegateCondition", "ReductionOperator", "RelationalOperator", "RemoveGuard",
           "ReplaceReturn", "ReturnShift", "SwapArguments", "SwapOperands", "apply_edits",
           "char_offsets", "shifts"]

# ---------------------------------------------------------------------------------------- engine

def _defines(lang: Language, root: Node, name: str) -> bool:
    target = name.encode("utf-8")
    return any(n.text == target for n in lang.function_names(root))


def apply_edits(ctx: TSContext, candidates: Sequence[tuple[TSOperator, Edit]], *,
                entry_point: str | None = None) -> list[Mutant]:
    """Turn (operator, edit) candidates into verified, de-duplicated :class:`Mutant` records.

    Candidates are ordered by (start offset, end offset, position in the input); the first
    candidate producing a given code wins.  Drops whitespace-only edits, candidates whose tree
    has ERROR/MISSING nodes and (with ``entry_point``) those that no longer define it.
    """
    code = ctx.code
    parser = ctx.lang.parser()
    order = sorted(range(len(candidates)),
                   key=lambda i: (candidates[i][1].start, candidates[i][1].end, i))
    seen = {code}
    out: list[Mutant] = []
    for i in order:
        op, edit = candidates[i]
        before = code[edit.start:edit.end]
        if "".join(before.split()) == "".join(edit.replacement.split()):
            continue
        new = code[:edit.start] + edit.replacement + code[edit.end:]
        if new in seen:
            continue
        seen.add(new)
        root = parser.parse(new.encode("utf-8")).root_node
        if root.has_error:
            continue
        if entry_point is not None and not _defines(ctx.lang, root, entry_point):
            continue
        out.append(build_mutant(code, new, op, edit, ctx.src))
    return out


def enumerate_mutants(code: str, *, language: str, entry_point: str | None = None,
                      extended: bool = False,
                      operators: Sequence[TSOperator] | None = None) -> list[Mutant]:
    """Every single-span mutant of ``code`` in ``language``, in a deterministic order.

    Args:
        code: the canonical source (C++, Java, Go, Ruby, JavaScript or Rust).
        language: ``"cpp"``, ``"java"``, ``"go"``, ``"ruby"``, ``"javascript"`` or ``"rust"``
            (aliases ``"c++"``, ``"js"``, ``"golang"``, ``"rb"``, ``"rs"``).
        entry_point: when given, only function bodies are mutated (imports, includes and
            top-level constants are left alone) and every mutant must still define a function
            of this name.
        extended: also apply the ``extended`` operators.
        operators: use these :class:`TSOperator` instances instead of the registry's
            (:func:`execir.mutation.operator_registry.tree_sitter_operators`)
            (``extended`` still filters out extended ones; operators not for ``language`` are
            ignored).

    Returns:
        mutants ordered by the position of the edited span, then by operator order; codes are
        pairwise distinct, differ from ``code`` and parse without ERROR/MISSING nodes.

    Raises:
        ValueError: unsupported ``language``.
        TypeError: an operator is not a :class:`TSOperator`.
        SyntaxError: ``code`` itself does not parse cleanly.
    """
    lang = get_language(language)
    from execir.mutation.operator_registry import tree_sitter_operators

    ops = tree_sitter_operators() if operators is None else tuple(operators)
    for op in ops:
        if not isinstance(op, TSOperator):
            raise TypeError(f"{type(op).__name__} is not a tree-sitter operator")
    ctx = TSContext.build(code, lang, functions_only=entry_point is not None)
    candidates: list[tuple[TSOperator, Edit]] = []
    for op in ops:
        if (op.mutation_type == EXTENDED and not extended) or lang.name not in op.languages:
            continue
        candidates.extend((op, edit) for edit in op.edits(ctx))
    return apply_edits(ctx, candidates, entry_point=entry_point)
