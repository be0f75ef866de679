"""Stacked mutants (ExecRetrieval appendix G.2): 2–4 single-span mutations of one canonical with
pairwise-disjoint line ranges, composed into one variant.  For analyses only; never planted by
default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from execir.mutation.mutant import Mutant, SourceMap, edit_size


@dataclass(frozen=True)
class StackedMutant:
    """A composition of single-span mutants.

    Attributes:
        code: the composed source.
        parts: the single mutants, ordered by position.
        edit_size: :func:`~execir.mutation.mutant.edit_size` of the composition (characters).
    """

    code: str
    parts: tuple[Mutant, ...]
    edit_size: int

    def to_dict(self) -> dict[str, Any]:
        return {"stack": len(self.parts), "edit_size": self.edit_size,
                "parts": [m.to_dict() for m in self.parts]}


def line_range(m: Mutant) -> tuple[int, int]:
    """Lines (1-based, inclusive) a mutant's span covers; a span ending at column 0 of a line
    (a deleted whole-line block) ends on the line before."""
    start, _, end, end_col = m.span
    if end_col == 0 and end > start:
        end -= 1
    return start, end


def compose(code: str, parts: Sequence[Mutant]) -> str:
    """Apply several single-span mutants of ``code`` at once.

    Raises:
        ValueError: two parts overlap.
    """
    src = SourceMap(code)
    spans = []
    for m in parts:
        sl, sc, el, ec = m.span
        spans.append((src.char_offset(sl, sc), src.char_offset(el, ec), m.after))
    spans.sort()
    for (_, a_end, _), (b_start, _, _) in zip(spans, spans[1:]):
        if b_start < a_end:
            raise ValueError("mutant spans overlap")
    out = code
    for start, end, after in reversed(spans):
        out = out[:start] + after + out[end:]
    return out


def stack_mutants(code: str, mutants: Sequence[Mutant], *, sizes: Sequence[int] = (2, 3, 4),
                  per_size: int = 4, seed: int = 0, key: str = "", attempts: int = 200
                  ) -> list[StackedMutant]:
    """Seeded sample of stacked mutants with pairwise-disjoint line ranges.

    Args:
        code: the canonical.
        mutants: its single mutants (typically the verified, killed ones).
        sizes: how many mutations to stack (appendix G.2 uses 2, 3 and 4).
        per_size: at most this many distinct compositions per size.
        seed, key: the sample is a function of (seed, key, inputs) only.
        attempts: random greedy draws per size before giving up.

    Returns:
        compositions ordered by size, then by draw order; each composition's code is distinct.
    """
    rng = random.Random(f"execir-stack:{seed}:{key}")
    ranges = [line_range(m) for m in mutants]
    out: list[StackedMutant] = []
    seen: set[str] = set()
    for size in sizes:
        found = 0
        for _ in range(attempts):
            if found >= per_size:
                break
            order = list(range(len(mutants)))
            rng.shuffle(order)
            picked: list[int] = []
            for i in order:
                lo, hi = ranges[i]
                if all(hi < ranges[j][0] or lo > ranges[j][1] for j in picked):
                    picked.append(i)
                    if len(picked) == size:
                        break
            if len(picked) < size:
                break  # no disjoint set of this size exists in this draw; larger sizes won't either
            parts = tuple(sorted((mutants[i] for i in picked), key=lambda m: m.span))
            new = compose(code, parts)
            if new in seen:
                continue
            seen.add(new)
            out.append(StackedMutant(new, parts, edit_size(code, new)))
            found += 1
    return out
