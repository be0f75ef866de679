"""Behaviour majority: the member that behaves most like the others on generated inputs.

Optional (it executes the members, so ``execir probe`` leaves it out; pass it to
:func:`execir.probes.card.probe_card` with an oracle, or run ``benchmarks/probe_card.py
--behaviour``).  Each family's members -- and nothing else: no query text, no other snippets --
go to the execution-consensus machinery (:mod:`execir.rerank.consensus`): every Python or
JavaScript function member runs in the sandbox through the :class:`~execir.execution.Oracle` on
inputs derived from the members alone (their literals, docstring examples and seeded typed
values; :func:`execir.mutation.call_inputs.derive_calls`), its behaviour being the vector of normalised
returned values.  Member ``i`` scores ``sum_j a(i, j)`` over the members of its signature group
(itself included), ``a`` = the share of the group's informative inputs on which the two behave
alike (MBR-exec with equal weights; the consensus reranker at ``temperature=inf`` and
``documented=0``).  A member that cannot run (no function found, another language, a stdin/stdout
program such as execir-poly's) scores -1, so a family where nothing runs is all ties (the id
rule decides; the card's ``ties`` shows it).

It lives beside the consensus reranker whose machinery it is, above the probes it joins
(:class:`execir.probes.probe_base.Probe`'s shape: ``name``, ``inverse``, ``trained``, ``score``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from execir.probes.family import Members
from execir.rerank.consensus import ConsensusReranker, ConsensusSettings

DEFAULT_INPUTS = 8


#: (suite, per-call) charged seconds of the probe's runs, fixed with the shipped probe cards
CARD_LIMITS_S = (4.0, 0.5)


class BehaviourProbe:
    """``behaviour-majority`` / ``anti-behaviour-majority`` (module docstring).

    Args:
        oracle: the :class:`execir.execution.Oracle` that runs the members (its sandbox).
        inputs: generated inputs per signature group.
        seed: seed of the generated values.
    """

    name = "behaviour-majority"
    inverse = "anti-behaviour-majority"
    trained = False

    def __init__(self, oracle: Any, *, inputs: int = DEFAULT_INPUTS, seed: int = 0):
        # the limits the shipped probe cards were computed with (the reranker's own defaults are
        # tighter since): a card must not change when the reranker's cost settings do
        settings = ConsensusSettings(inputs=inputs, temperature=math.inf, seed=seed, documented=0.0,
                                     timeout=CARD_LIMITS_S[0], test_timeout=CARD_LIMITS_S[1])
        self.reranker = ConsensusReranker(oracle, settings)
        self.note = (f"agreement of returned values on {inputs} inputs derived from the members, run in "
                     "the sandbox (Python/JavaScript functions; others score -1)")

    def score(self, members: Members) -> np.ndarray:
        """``(n,)``: summed behavioural agreement with the member's group, -1 where it cannot
        run."""
        corpus = dict(zip(members.ids, members.texts))
        found = self.reranker.behaviours({"family": ""}, corpus, {"family": [(i, 0.0) for i in members.ids]},
                                         len(members))["family"]
        return agreement_scores([found.get(i) for i in members.ids])


def agreement_scores(behaviours: list[Any]) -> np.ndarray:
    """Scores of :class:`execir.rerank.consensus.Behaviour` objects (None: not run), one per
    member (module docstring)."""
    out = np.full(len(behaviours), -1.0)
    groups: dict[str, list[int]] = {}
    for i, b in enumerate(behaviours):
        if b is not None and b.group is not None:
            groups.setdefault(b.group, []).append(i)
    for idx in groups.values():
        n = len(behaviours[idx[0]].outputs)
        informative = [x for x in range(n) if any(behaviours[i].outputs[x].startswith("=") for i in idx)]
        for i in idx:
            oi = behaviours[i].outputs
            out[i] = sum(_same(oi, behaviours[j].outputs, informative) for j in idx)
    return out


def _same(a: tuple[str, ...], b: tuple[str, ...], informative: list[int]) -> float:
    """Share of ``informative`` inputs on which ``a`` and ``b`` returned the same value (0 when
    none is informative)."""
    if not informative:
        return 0.0
    return sum(1 for x in informative if a[x] == b[x] and a[x] != "?") / len(informative)
