"""Semantics-preserving rewrites: correct variants of a program (and, with the same rewrites,
restyled copies of its mutants), so that correct and buggy members of a family are equally
central and style carries no signal (DESIGN.md, "Validity").

Public names:
    REWRITES, RewriteOperator                 (the operator registry and base class)
    propose, rewrite_variants                 (single rewrites; seeded chains of 1-3 of them)
    Variant, RewriteEdit                      (records)

``verify_variants`` and ``Verification`` (:mod:`execir.mutation.rewrite.equivalence`: the tests
plus differential execution against the original, in the sandbox) are imported on first use: they
run the oracle.
"""

from execir.mutation.rewrite.base import RewriteOperator
from execir.mutation.rewrite.variants import (REWRITES, Proposal, RewriteEdit, Variant, propose,
                                              rewrite_variants)

__all__ = ["Proposal", "REWRITES", "RewriteEdit", "RewriteOperator", "Variant", "propose",
           "rewrite_variants"]


def __getattr__(name: str):  # verify_variants / Verification, loaded on first use
    if name in ("verify_variants", "Verification"):
        from execir.mutation.rewrite import equivalence
        return getattr(equivalence, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
