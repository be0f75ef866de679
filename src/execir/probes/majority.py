"""Token-majority vote: the member nearest to the family's consensus token string.

Every member is aligned to the medoid (:mod:`execir.probes.medoid`) with
:class:`difflib.SequenceMatcher` opcodes.  The medoid's ``m`` tokens give ``2m + 1`` *slots*:
slot ``2i + 1`` holds what a member has in place of medoid token ``i``, slot ``2i`` what it
inserts before it (slot ``2m`` after the last).  A replaced block goes whole into the slot of its
first medoid token (the rest of the block's slots are empty); a deleted token leaves its slot
empty.  Each slot takes the value most members give it (ties: the medoid's own value, then the
smallest value); the consensus is the slots' values joined.  Member ``i`` scores
``ratio(tokens_i, consensus)``: in a star family every slot's majority is the canonical's token,
so the consensus is the canonical.
"""

from __future__ import annotations

import difflib
from collections import Counter
from functools import lru_cache
from typing import Sequence

import numpy as np

from execir.probes.family import Members
from execir.probes.medoid import mean_similarity
from execir.probes.tokens import ratio, tokens

Slot = tuple[str, ...]


def medoid_index(members: Members) -> int:
    """Index of the medoid (highest mean similarity; ties: smallest id)."""
    sim = np.round(mean_similarity(members), 12)
    return min(range(len(members)), key=lambda i: (-sim[i], members.ids[i]))


def aligned_slots(centre: Sequence[str], other: Sequence[str]) -> list[Slot]:
    """``other`` as ``2 * len(centre) + 1`` slots against ``centre`` (module docstring)."""
    slots: list[list[str]] = [[] for _ in range(2 * len(centre) + 1)]
    ops = difflib.SequenceMatcher(None, centre, other, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            for k in range(i2 - i1):
                slots[2 * (i1 + k) + 1].append(other[j1 + k])
        elif tag == "replace":
            slots[2 * i1 + 1].extend(other[j1:j2])
        elif tag == "insert":
            slots[2 * i1].extend(other[j1:j2])
        # "delete": the medoid tokens' slots stay empty
    return [tuple(s) for s in slots]


def consensus(members: Members) -> list[str]:
    """The consensus token string of the family (module docstring); cached per family (the
    probe and its inverse share it)."""
    return list(_consensus(members))


@lru_cache(maxsize=4096)
def _consensus(members: Members) -> tuple[str, ...]:
    centre = tokens(members.texts[medoid_index(members)])
    rows = [aligned_slots(centre, tokens(t)) for t in members.texts]
    own = aligned_slots(centre, centre)
    out: list[str] = []
    for k in range(len(own)):
        votes = Counter(row[k] for row in rows)
        best = max(votes.values())
        winners = sorted(v for v, c in votes.items() if c == best)
        out.extend(own[k] if own[k] in winners else winners[0])
    return tuple(out)


class MajorityProbe:
    """``majority`` / ``anti-majority`` (module docstring)."""

    name = "majority"
    inverse = "anti-majority"
    trained = False
    note = "similarity to the per-token majority string of the members aligned to the medoid"

    def score(self, members: Members) -> np.ndarray:
        """``ratio(tokens_i, consensus)`` per member, ``(n,)`` in [0, 1]."""
        target = consensus(members)
        return np.array([ratio(tokens(t), target) for t in members.texts], dtype=np.float64)
