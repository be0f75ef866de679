"""The one registry of mutation operators: every operator of every engine, in application order,
and what each mutation type means.

As in cosmic-ray, an operator is a class with a ``name``, a ``mutation_type`` and worked
``examples`` (canonical source -> the exact mutants it yields, which the tests replay); this
module names them all once.  Each row of :data:`REGISTRY` is one operator: its class name, shared
by the engines that implement it -- the Python AST engine (:mod:`execir.mutation.operators`,
:mod:`execir.mutation.extended_operators`) and the tree-sitter engine (:mod:`execir.mutation.treesitter`,
C++, Java, Go, Ruby, JavaScript, Rust; its classes in :mod:`execir.mutation.ts`) -- and the engines that do.  The engines read their
operators from here: :data:`OPERATORS` (Python) and :data:`TS_OPERATORS` (tree-sitter, built on
first use so that Python-only work never loads the grammars).  The LLM bug injector
(:mod:`execir.generate.bugs`) reads :data:`TYPE_DEFINITIONS`.

Order matters only for ties: when two operators yield the same mutant code the first one listed
keeps it (boundary before plain constant shifts), so the order is part of every release's bytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from execir.mutation import extended_operators, operators
from execir.mutation.operator_base import Operator
from execir.records import EXTENDED, SIX_TYPES

if TYPE_CHECKING:
    from execir.mutation.ts.operator import TSOperator

#: the engines an operator may have
PYTHON, TREE_SITTER = "python", "tree-sitter"
_BOTH = (PYTHON, TREE_SITTER)

#: every operator, in application order: (class name, the engines that implement it)
REGISTRY: tuple[tuple[str, tuple[str, ...]], ...] = (
    # off_by_one_boundary / off_by_one
    ("BoundaryShift", _BOTH), ("ConstantShift", _BOTH), ("IndexShift", _BOTH),
    ("IntCallShift", _BOTH), ("ReturnShift", _BOTH),
    # wrong_operator
    ("ArithmeticOperator", _BOTH), ("BitwiseOperator", _BOTH), ("BooleanOperator", _BOTH),
    ("AugAssignOperator", _BOTH), ("IncrementOperator", (TREE_SITTER,)), ("ReductionOperator", _BOTH),
    # swap_arguments, remove_edge_case_check, wrong_comparison
    ("SwapArguments", _BOTH), ("SwapOperands", _BOTH),
    ("RemoveGuard", _BOTH),
    ("RelationalOperator", _BOTH),
    # extended
    ("NegateCondition", _BOTH), ("ReplaceReturn", _BOTH), ("BreakContinue", _BOTH),
    ("ConstantReplacement", _BOTH), ("DeleteStatement", _BOTH), ("ReverseSort", (PYTHON,)),
)

#: what each of the six ExecRetrieval types (§3.2) means, as the LLM bug prompt asks for it
TYPE_DEFINITIONS: dict[str, str] = {
    "off_by_one": "an index, a count or a range end shifted by one",
    "wrong_operator": "one arithmetic, logical or bitwise operator replaced by another",
    "swap_arguments": "two arguments of one call, or the two operands of one operation, exchanged",
    "remove_edge_case_check": "one guard for an edge case (empty input, zero, a bound) removed or made ineffective",
    "wrong_comparison": "one comparison operator replaced by another (such as < for <=, or == for !=)",
    "off_by_one_boundary": "the boundary of one loop, slice or range moved by one",
}


def _instances(engine: str, namespaces: tuple[Any, ...]) -> tuple[Any, ...]:
    """One instance of every operator of ``engine``, in registry order, each class looked up by
    name in the first of ``namespaces`` that has it.

    Raises:
        ValueError: a class whose ``mutation_type`` is neither one of the six types nor
            ``extended``, or two classes of ``engine`` with the same ``name``.
    """
    out = []
    for class_name, engines in REGISTRY:
        if engine in engines:
            cls = next(getattr(ns, class_name) for ns in namespaces if hasattr(ns, class_name))
            if cls.mutation_type not in (*SIX_TYPES, EXTENDED):
                raise ValueError(f"{engine} operator {cls.name}: unknown mutation type {cls.mutation_type!r}")
            out.append(cls())
    names = [op.name for op in out]
    if len(set(names)) != len(names):
        raise ValueError(f"{engine} operators share a name: {names}")
    return tuple(out)


#: every Python operator in application order (module docstring)
OPERATORS: tuple[Operator, ...] = _instances(PYTHON, (operators, extended_operators))
_TS: list[tuple[Any, ...]] = []


def tree_sitter_operators() -> tuple["TSOperator", ...]:
    """Every tree-sitter operator in application order (built once; loads the grammars)."""
    if not _TS:
        from execir.mutation.ts import conditions, extended as ts_extended, off_by_one, swaps, wrong_operator

        _TS.append(_instances(TREE_SITTER, (off_by_one, wrong_operator, swaps, conditions, ts_extended)))
    return _TS[0]


def __getattr__(name: str) -> Any:
    """:data:`TS_OPERATORS` on first use (:func:`tree_sitter_operators`)."""
    if name == "TS_OPERATORS":
        return tree_sitter_operators()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
