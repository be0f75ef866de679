"""Hand-built families for the probe tests."""

from __future__ import annotations

from typing import Sequence

from execir.probes.family import Family, FamilySet, Members

CANONICAL = "def f(a, b):\n    return a + b * 2\n"
#: three single-edit mutants of CANONICAL, each replacing a different token by a new one
MUTANTS = ("def f(a, b):\n    return a - b * 2\n",
           "def f(a, b):\n    return a + b * 7\n",
           "def f(a, b):\n    return a + b / 2\n")


def family(texts: Sequence[str], positive: Sequence[bool], *, ids: Sequence[str] | None = None,
           positions: Sequence[int] | None = None, language: str = "python", problem: str = "p0",
           query: str = "q0") -> Family:
    """A family with the given members (ids default to m0, m1, ...; positions to 0, 1, ...)."""
    ids = tuple(ids or (f"m{i}" for i in range(len(texts))))
    positions = tuple(positions if positions is not None else range(len(texts)))
    members = Members(ids=ids, texts=tuple(texts), positions=positions, language=language)
    return Family(query_id=query, query_ids=(query,), language=language, problem_id=problem,
                  members=members, positive=tuple(bool(p) for p in positive))


def star(**kw) -> Family:
    """CANONICAL (id a-canon, positive) and MUTANTS (ids b-m1, c-m2, d-m3)."""
    return family((CANONICAL, *MUTANTS), (True, False, False, False),
                  ids=("a-canon", "b-m1", "c-m2", "d-m3"), **kw)


def family_set(fams: Sequence[Family], name: str = "hand") -> FamilySet:
    return FamilySet(name=name, version="", families=tuple(fams), n_queries=len(fams),
                     skipped={"no_positive": 0, "no_negative": 0}, merged=0)
