"""Classifying executed mutants and choosing the planted distractors (ExecRetrieval §3.3, gate 4).

Per-test outcomes follow the oracle's vocabulary (``pass``, ``FAIL``, ``FAIL:<Exc>``,
``TIMEOUT``, ``ERROR:<Exc>``).  A mutant is

* ``killed_wrong_output`` — at least one test ends in a plain assertion failure (``FAIL``);
* ``killed_crash_only``   — some test fails, but only by raising / timing out;
* ``survived``            — every test passes (a possibly-equivalent mutant);
* ``invalid``             — the code does not load (any ``ERROR:...`` outcome) or there are no tests.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Sequence

from execir.execution.outcomes import ERROR_PREFIX, FAIL, PASS, TIMEOUT
from execir.mutation.mutant import EXTENDED, SIX_TYPES, Mutant

KILLED_WRONG_OUTPUT = "killed_wrong_output"
KILLED_CRASH_ONLY = "killed_crash_only"
SURVIVED = "survived"
INVALID = "invalid"
STATUSES = (KILLED_WRONG_OUTPUT, KILLED_CRASH_ONLY, SURVIVED, INVALID)

#: Default number of distractors planted per task (ExecRetrieval: four).
MAX_DISTRACTORS = 4


def classify(outcomes: Sequence[str]) -> str:
    """Status of a mutant from its per-test outcomes (see the module docstring)."""
    if not outcomes or any(o.startswith(ERROR_PREFIX) for o in outcomes):
        return INVALID
    if all(o == PASS for o in outcomes):
        return SURVIVED
    if any(o == FAIL for o in outcomes):
        return KILLED_WRONG_OUTPUT
    return KILLED_CRASH_ONLY


def failing_tests(outcomes: Sequence[str]) -> tuple[int, ...]:
    """0-based indices of the tests whose outcome is not ``pass``."""
    return tuple(i for i, o in enumerate(outcomes) if o != PASS)


@dataclass(frozen=True)
class VerifiedMutant:
    """A mutant with its execution outcomes against its task's tests.

    Attributes:
        mutant: the mutant.
        outcomes: one outcome per test, in test order.
        index: position of the mutant in its task's enumeration (the deterministic order).
    """

    mutant: Mutant
    outcomes: tuple[str, ...]
    index: int = 0
    #: its suite is slow (:func:`execir.construction.slow.is_slow`; with the centred design's
    #: rule, any suite with a ``TIMEOUT``): counted as killed by a time-out whatever it returned,
    #: since a slightly slower run would have timed out
    slow: bool = False
    #: for a second-order mutant (the centred family design, :mod:`execir.construction.families`):
    #: the first-order mutant it was made from; ``mutant``'s span is then in the parent's code
    parent: Mutant | None = None

    @property
    def status(self) -> str:
        status = classify(self.outcomes)
        return KILLED_CRASH_ONLY if self.slow and status != INVALID else status

    @property
    def failing_tests(self) -> tuple[int, ...]:
        return failing_tests(self.outcomes)

    def record(self) -> dict:
        """``Mutant.to_dict()`` plus ``failing_tests`` — the ``Snippet.mutation`` of a distractor."""
        data = self.mutant.to_dict()
        data["failing_tests"] = list(self.failing_tests)
        if self.parent is not None:
            data["parent"] = self.parent.to_dict()
        return data


def eligible(v: VerifiedMutant, extended: bool = False) -> bool:
    """``v`` may be planted (rule 1 of :func:`select_distractors`)."""
    if v.status != KILLED_WRONG_OUTPUT or TIMEOUT in v.outcomes:
        return False
    return v.mutant.mutation_type in SIX_TYPES or (extended and v.mutant.mutation_type == EXTENDED)


def select_distractors(verified: Sequence[VerifiedMutant], *, k: int = MAX_DISTRACTORS,
                       seed: int = 0, key: str = "", extended: bool = False, fill_to: int = 0
                       ) -> list[VerifiedMutant]:
    """Choose up to ``k`` planted distractors for one task, deterministically from ``seed``.

    Rules (ExecRetrieval §3.3 gate 4, made deterministic):

    1. only ``killed_wrong_output`` mutants qualify (each fails ≥ 1 test with at least one plain
       assertion failure) and none that hits a ``TIMEOUT`` (a planted distractor is executed by
       every evaluation, and a hanging one costs the full time limit each time);
       ``extended`` mutants only when ``extended=True``;
    2. distinct mutation types first: types are visited in a seeded random order (the six
       ExecRetrieval types always before ``extended``) and one mutant is taken per type per
       round, so a second mutant of a type is taken only once every available type has one;
    3. within a type the pick is seeded-random, preferring mutants whose failing-test subset
       differs from every subset already chosen;
    4. if all chosen mutants still fail on the same subset while some other qualifying mutant
       fails on a different one, the last pick is replaced by the first such mutant;
    5. fallback (``extended=False`` and ``fill_to`` > 0): when fewer than ``fill_to`` six-type
       mutants were chosen, qualifying ``extended`` mutants fill the selection up to
       ``min(fill_to, k)``, seeded-random, preferring new failing-test subsets.

    Args:
        verified: the task's executed mutants, in enumeration order.
        k: maximum number to choose.
        extended: ``extended`` mutants compete with the six types (visited after them).
        fill_to: with ``extended=False``, top the selection up to this many with ``extended``
            mutants when the six types alone give fewer (0 = never).
        seed: selection seed; ``key`` (use the task id) makes each task's draw independent.

    Returns:
        the chosen mutants in enumeration order (``index`` ascending); fewer than ``k`` when too
        few qualify, possibly empty.
    """
    pool = [v for v in verified if eligible(v, extended)]
    if k <= 0:
        return []
    rng = random.Random(f"execir-select:{seed}:{key}")
    chosen, subsets = _round_robin(_type_groups(pool, rng, extended), k, rng)
    subsets = _diversify(chosen, subsets, pool)
    if not extended and len(chosen) < min(fill_to, k):
        spare = [v for v in verified if v.mutant.mutation_type == EXTENDED and eligible(v, True)]
        _take(spare, chosen, subsets, min(fill_to, k), rng)
    return sorted(chosen, key=lambda v: v.index)


def _type_groups(pool: Sequence[VerifiedMutant], rng: random.Random, extended: bool
                 ) -> OrderedDict[str, list[VerifiedMutant]]:
    """Rule 2's visiting order: the six types present in ``pool`` shuffled by ``rng`` (one draw),
    then ``extended`` (when asked); type -> its mutants of ``pool`` in enumeration order."""
    groups: OrderedDict[str, list[VerifiedMutant]] = OrderedDict()
    six = [t for t in SIX_TYPES if any(v.mutant.mutation_type == t for v in pool)]
    rng.shuffle(six)
    for t in six + ([EXTENDED] if extended else []):
        members = [v for v in pool if v.mutant.mutation_type == t]
        if members:
            groups[t] = members
    return groups


def _round_robin(groups: OrderedDict[str, list[VerifiedMutant]], k: int, rng: random.Random
                 ) -> tuple[list[VerifiedMutant], set[tuple[int, ...]]]:
    """Rules 2-3: one seeded pick per type per round until ``k`` are chosen or none is left
    (``groups`` is consumed); returns the picks and their failing-test subsets."""
    chosen: list[VerifiedMutant] = []
    subsets: set[tuple[int, ...]] = set()
    while len(chosen) < k and any(groups.values()):
        for members in groups.values():
            if len(chosen) >= k or not members:
                continue
            _take(members, chosen, subsets, len(chosen) + 1, rng)
    return chosen, subsets


def _take(members: list[VerifiedMutant], chosen: list[VerifiedMutant], subsets: set[tuple[int, ...]],
          upto: int, rng: random.Random) -> None:
    """Move seeded picks from ``members`` to ``chosen`` until it holds ``upto`` or ``members`` is
    empty, each preferring a failing-test subset not in ``subsets`` (updated in place)."""
    while members and len(chosen) < upto:
        fresh = [v for v in members if v.failing_tests not in subsets]
        pick = rng.choice(fresh or members)
        members.remove(pick)
        chosen.append(pick)
        subsets.add(pick.failing_tests)


def _diversify(chosen: list[VerifiedMutant], subsets: set[tuple[int, ...]],
               pool: Sequence[VerifiedMutant]) -> set[tuple[int, ...]]:
    """Rule 4: when every pick fails the same tests, the last one is replaced (in place) by the
    first unchosen mutant of ``pool`` that fails others; returns the subsets after."""
    if len(chosen) >= 2 and len(subsets) == 1:
        taken = {id(v) for v in chosen}
        other = next((v for v in pool if id(v) not in taken and v.failing_tests not in subsets), None)
        if other is not None:
            chosen[-1] = other
            return {v.failing_tests for v in chosen}
    return subsets


def identical_failing_subsets(chosen: Sequence[VerifiedMutant]) -> bool:
    """True when ≥ 2 distractors all fail exactly the same tests (gate 4 flags this)."""
    return len(chosen) >= 2 and len({v.failing_tests for v in chosen}) == 1
