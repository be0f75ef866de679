"""execir.mutation: single-edit mutants of canonical implementations, verified by execution.

Public names:
    Mutant, SIX_TYPES, EXTENDED, edit_size          (record and measure)
    OPERATORS, Operator                              (the operator registry: execir.mutation.operator_registry)
    enumerate_mutants                                (exhaustive, deterministic enumeration)
    classify, select_distractors, VerifiedMutant     (execution-verified selection)

Submodules imported on demand (they run the oracle): ``execir.mutation.amplify``
(``amplify_survivors``: test amplification, likely-equivalent survivors) and
``execir.mutation.stack`` (stacked mutants, appendix G.2).  ``execir.mutation.treesitter`` (the
tree-sitter engine, tables in ``execir.mutation.languages``) is loaded by ``enumerate_mutants``
for a non-Python ``language``.
"""

from execir.mutation.engine import enumerate_mutants
from execir.mutation.mutant import EXTENDED, SIX_TYPES, Mutant, edit_size
from execir.mutation.operator_base import Operator
from execir.mutation.operator_registry import OPERATORS
from execir.mutation.select import (INVALID, KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, STATUSES,
                                    SURVIVED, VerifiedMutant, classify, select_distractors)

__all__ = ["EXTENDED", "INVALID", "KILLED_CRASH_ONLY", "KILLED_WRONG_OUTPUT", "Mutant", "OPERATORS",
           "Operator", "SIX_TYPES", "STATUSES", "SURVIVED", "VerifiedMutant", "classify",
           "edit_size", "enumerate_mutants", "select_distractors"]
