"""What a probe is: a scorer of a family's members that cannot see the query, qrels or tests.

A probe has a ``name`` and ``score(members) -> np.ndarray`` (float64, shape ``(len(members),)``,
higher = more likely picked); it receives a :class:`~execir.probes.family.Members`, which holds
the members' ids, texts, corpus positions and language and nothing else.  The card
(:mod:`execir.probes.card`) picks the argmax, ties broken by member id ascending.

A *trained* probe (``trained = True``) also has ``fit(examples)``, where ``examples`` are
``(members, labels)`` pairs of the training half of the problems; it is scored on the other
half only.

:class:`Inverted` runs any probe with negated scores (``anti-medoid``, ``shortest-chars``...):
a probe far below chance is as informative as one far above.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from execir.probes.family import Members

#: a training example of a trained probe: a family's members and which of them are positive
Example = tuple[Members, tuple[bool, ...]]


@runtime_checkable
class Probe(Protocol):
    """A construction probe (module docstring)."""

    name: str
    #: the name of the probe with negated scores
    inverse: str
    #: True when the probe must be fit on the training half first
    trained: bool
    #: how the probe scores, as a line for the card (fallbacks included)
    note: str

    def score(self, members: Members) -> np.ndarray:
        """Scores, one per member, higher = picked."""


class Trained(Probe, Protocol):
    """A probe with a training step."""

    def fit(self, examples: Sequence[Example]) -> None:
        """Fit on the training half (labels allowed here, never in :meth:`score`)."""


class Inverted:
    """``probe`` with negated scores, named ``probe.inverse``; a trained probe stays trained
    (fit through the wrapper)."""

    def __init__(self, probe: Probe):
        self.probe = probe
        self.name = probe.inverse
        self.inverse = probe.name
        self.trained = probe.trained
        self.note = f"{probe.name} with negated scores"

    def fit(self, examples: Sequence[Example]) -> None:
        """Fit the wrapped probe (a no-op when it was already fit with the same examples)."""
        self.probe.fit(examples)

    def score(self, members: Members) -> np.ndarray:
        """``-probe.score(members)``."""
        return -np.asarray(self.probe.score(members), dtype=np.float64)


def with_inverses(probes: Sequence[Probe]) -> list[Probe]:
    """Each probe followed by its :class:`Inverted` twin."""
    out: list[Probe] = []
    for p in probes:
        out += [p, Inverted(p)]
    return out
