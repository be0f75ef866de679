"""Family-level adversarial filtering of a built release (AFLite, Le Bras et al. 2020; issue 23).

The planted distractors of a ``centred`` release are already chosen against out-of-fold
snippet-only models (:mod:`execir.construction.adversarial`), yet a classifier fit on the
release's *own* families still finds the canonical more often than chance: every distractor
carries a mutation operator's edit and the canonical none, and the style that leaves cannot be
chosen away among the mutants that exist (``benchmarks/README.md``, "Family designs").  What
AFLite does for NLI, this does for families: it removes the *tasks* whose canonical the probes
find, until what is left is not predictable.

Each iteration fits the card's trained probes (:class:`~execir.probes.classifier.ClassifierProbe`,
its centred variant, :class:`~execir.probes.naturalness.NaturalnessProbe`) on :data:`ROUNDS`
seeded problem-disjoint halves of the kept families and scores the other half.  A family's
*predictability* is how far its canonical's mean normalised rank among its members (1 = scored
above every distractor, 0 = below every one) lies above 1/2 under a probe that picks the
canonical more often than chance, or below 1/2 under one whose inverse does
(:func:`predictability`): the families that feed a leak go, whichever way it points.  The :data:`DROP` share of the kept
families most predictable is removed (ties: task id), until every probe's top-pick rate and
bottom-pick rate over the held-out scorings are within :data:`TARGET` of chance, or
:data:`MAX_DROP` of the families are gone.  A release of fewer than :data:`MIN_FAMILIES`
families is left as it is (its report says so: no iteration).

Deterministic for a seed and the families' texts.  The probe card is still read afterwards on
the final release, with its own split; how near chance it ends is measured, not assumed.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from execir.probes.classifier import ClassifierProbe
from execir.probes.family import Members
from execir.probes.naturalness import NaturalnessProbe
from execir.records import sha256_text

#: seeded problem-disjoint halves scored per iteration
ROUNDS = 8
#: share of the kept families removed per iteration
DROP = 0.05
#: the filter stops once every trained probe's lift (and its inverse's) is at most this; half the
#: probe gate's default margin, because the card reads its own split of what is left
TARGET = 0.025
#: most of the families the filter may remove
MAX_DROP = 0.4
#: fewer families than this are kept as they are: a half of them teaches a probe too little
MIN_FAMILIES = 40

#: (member texts, positive flags) of one task's family
FamilyTexts = tuple[Sequence[str], Sequence[bool]]


@dataclass(frozen=True)
class FilterResult:
    """What :func:`filter_families` kept and removed.

    Attributes:
        kept: task ids kept, sorted.
        dropped: ``(task id, iteration, predictability)`` of each removed family, in removal order.
        iterations: per iteration, ``{"families": n, "<probe>": [top lift, bottom lift]}`` --
            the trained probes' pick rates minus chance before that iteration's removal.
    """

    kept: tuple[str, ...]
    dropped: tuple[tuple[str, int, float], ...] = ()
    iterations: tuple[dict, ...] = field(default_factory=tuple)

    def summary(self) -> dict:
        """The build report's ``filter`` section (JSON-ready)."""
        return {"method": "aflite-families", "min_families": MIN_FAMILIES, "rounds": ROUNDS, "drop": DROP, "target": TARGET,
                "max_drop": MAX_DROP, "kept": len(self.kept), "dropped": len(self.dropped),
                "iterations": list(self.iterations)}


def _members(task_id: str, texts: Sequence[str], language: str = "python") -> Members:
    return Members(ids=tuple(f"{task_id}:{i}" for i in range(len(texts))), texts=tuple(texts),
                   positions=tuple(range(len(texts))), language=language)


def _halves(task_ids: Sequence[str], seed: int, r: int, groups: Mapping[str, str] | None = None
            ) -> tuple[list[str], list[str]]:
    """A seeded problem-disjoint split of ``task_ids`` (sorted) into (train, held out): the
    groups (``groups``: key -> its problem; default each key its own) are shuffled and halved."""
    group = dict(groups or {})
    order = sorted({group.get(t, t) for t in task_ids})
    random.Random(f"{seed}:aflite:{r}").shuffle(order)
    train = set(order[:len(order) // 2])
    return sorted(t for t in task_ids if group.get(t, t) in train), sorted(t for t in task_ids
                                                                           if group.get(t, t) not in train)


def canonical_rank(scores: np.ndarray, positive: Sequence[bool]) -> tuple[float, bool, bool]:
    """``(rank, top, bottom)`` of a family's best-scored positive: ``rank`` in [0, 1] is the share
    of negatives scored below it (ties count half); ``top`` / ``bottom``: a positive is scored
    strictly above / below every negative (what a probe / its inverse would pick, ties aside)."""
    pos = [float(scores[i]) for i, p in enumerate(positive) if p]
    neg = [float(scores[i]) for i, p in enumerate(positive) if not p]
    best = max(pos)
    rank = (sum(best > s for s in neg) + 0.5 * sum(best == s for s in neg)) / len(neg)
    return rank, best > max(neg), min(pos) < min(neg)


def score_rounds(fams: Mapping[str, FamilyTexts], seed: int, languages: Mapping[str, str] | None = None,
                 groups: Mapping[str, str] | None = None) -> tuple[dict[str, np.ndarray], dict[str, list[float]]]:
    """One iteration: per task, its canonical's mean rank under each trained probe
    (``(3,)``, 0.5 when never held out); per probe, ``[top lift, bottom lift]`` over every
    held-out scoring of the :data:`ROUNDS` splits (``languages``, ``groups``: as
    :func:`filter_families` takes them)."""
    lang = dict(languages or {})
    ranks: dict[str, list[list[float]]] = {t: [[], [], []] for t in fams}
    counts: dict[str, list[list[float]]] = {}
    for r in range(ROUNDS):
        train, held = _halves(list(fams), seed, r, groups)
        examples = [(_members(t, fams[t][0], lang.get(t, "python")), tuple(bool(p) for p in fams[t][1]))
                    for t in train]
        for k, probe in enumerate((ClassifierProbe(), ClassifierProbe(centred=True),
                                   NaturalnessProbe())):
            probe.fit(examples)
            rows = counts.setdefault(probe.name, [[], [], []])
            for t in held:
                texts, positive = fams[t]
                rank, top, bottom = canonical_rank(np.asarray(probe.score(_members(t, texts, lang.get(t, "python")))),
                                                   positive)
                ranks[t][k].append(rank)
                rows[0].append(float(top))
                rows[1].append(float(bottom))
                rows[2].append(sum(map(bool, positive)) / len(positive))
    mean = {t: np.array([statistics.fmean(x) if x else 0.5 for x in v]) for t, v in ranks.items()}
    lifts = {name: [round(statistics.fmean(top) - statistics.fmean(chance), 6),
                    round(statistics.fmean(bottom) - statistics.fmean(chance), 6)]
             for name, (top, bottom, chance) in counts.items()}
    return mean, lifts


def predictability(ranks: np.ndarray, lifts: Mapping[str, Sequence[float]]) -> float:
    """How much a family feeds the lifts over :data:`TARGET`: its canonical's mean rank above
    1/2 under each probe whose top pick beats chance by more than the target, below 1/2 under
    each whose inverse does (``ranks``: ``(3,)`` in the order of :func:`score_rounds`); the
    largest, or 0 when no probe is over the target."""
    out = 0.0
    for k, (top, bottom) in enumerate(lifts.values()):
        if top > TARGET:
            out = max(out, float(ranks[k]) - 0.5)
        if bottom > TARGET:
            out = max(out, 0.5 - float(ranks[k]))
    return round(out, 6)


def filter_families(fams: Mapping[str, FamilyTexts], seed: int, *, languages: Mapping[str, str] | None = None,
                    groups: Mapping[str, str] | None = None) -> FilterResult:
    """Remove the most predictable families until the trained probes are near chance (module
    docstring).  ``fams``: task id -> (member texts, positive flags), each family with at least
    one positive and one negative; ``languages``: family key -> its language (default
    ``python``); ``groups``: family key -> the problem the halves keep together (execir-poly:
    a problem's families in six languages; default: each key its own).

    Raises:
        ValueError: a family without a positive or without a negative.
    """
    for task_id, (texts, positive) in fams.items():
        if len(texts) != len(positive) or all(positive) or not any(positive):
            raise ValueError(f"{task_id}: a family needs a positive and a negative to filter")
    kept = dict(fams)
    if len(kept) < MIN_FAMILIES:
        return FilterResult(tuple(sorted(kept)))
    floor = (1 - MAX_DROP) * len(fams)
    dropped: list[tuple[str, int, float]] = []
    iterations: list[dict] = []
    while True:
        ranks, lifts = score_rounds(kept, seed, languages, groups)
        iterations.append({"families": len(kept), **lifts})
        n = max(1, int(DROP * len(kept)))
        if all(max(v) <= TARGET for v in lifts.values()) or len(kept) - n < floor:
            break
        extreme = {t: predictability(ranks[t], lifts) for t in kept}
        for t in sorted(kept, key=lambda t: (-extreme[t], sha256_text(f"{seed}:{t}")))[:n]:
            dropped.append((t, len(iterations), extreme[t]))
            del kept[t]
    return FilterResult(tuple(sorted(kept)), tuple(dropped), tuple(iterations))
