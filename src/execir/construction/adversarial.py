"""Adversarial choice of distractors against the snippet-only probes (AFLite-style).

Single-edit mutation operators leave a style: a planted mutant more often holds ``!=``, ``>=``,
``//``, ``return None`` or ``- 1)`` than the code it was made from, so a classifier that reads
one snippet at a time learns "looks mutated" and picks the correct member of a family without
the query (:mod:`execir.probes.classifier`; on HumanEval's centred families with seeded random
picks it reached exec@1 0.49 within family, chance 0.24), and a token n-gram language model finds
the canonical less surprising (:mod:`execir.probes.naturalness`).  The cure here follows
adversarial filtering (Le Bras et al. 2020, AFLite): among a task's qualifying candidates, plant
those that models fit on *other* tasks cannot tell from the task's canonical.

* Models (:class:`FoldScorer`): the card's three trained probes (classifier, classifier-centred,
  naturalness), fit per fold -- tasks split into :data:`FOLDS` by a seeded hash of the id -- on
  the other folds' canonicals (positive) and enumerated mutants (negative).  Nothing an
  execution decides enters them, so a suite that a loaded machine times differently changes
  only its own task's picks.
* Picks (:func:`targeted`): for each probe, the number of planted distractors scoring above the
  canonical is drawn uniformly from ``0..k`` (:func:`rank_targets`), so the canonical's rank in
  its family is uniform and the probe's pick is the canonical with probability chance; among the
  ways to meet the draws, the candidates nearest to the canonical in the three scores and length
  (:meth:`FoldScorer.compare`).  Matching, not maximising: planting the *most* natural mutants
  made them more natural than the canonical, and the inverted probe then picked the canonical
  (HumanEval, one trial: anti-naturalness +0.15).

Everything is deterministic for a seed.  The probe card fits its own models on its own split of
the final release; how near chance they end is measured (``benchmarks/README.md``, "Family
designs"), not assumed.
"""

from __future__ import annotations

import random
from typing import Iterator, Mapping, Sequence

import numpy as np

from execir.mutation.select import VerifiedMutant
from execir.probes.classifier import ClassifierProbe
from execir.probes.family import Members
from execir.probes.naturalness import NaturalnessProbe
from execir.records import sha256_text

#: folds of the cross-fitting
FOLDS = 2
#: trained probes whose rank of the canonical is targeted (classifier, classifier-centred,
#: naturalness)
TRAINED = 3


def fold_of(task_id: str, seed: int) -> int:
    """The fold of a task: a seeded hash of its id, modulo :data:`FOLDS`."""
    return int(sha256_text(f"{seed}:fold:{task_id}")[:8], 16) % FOLDS


def _members(key: str, texts: Sequence[str], language: str) -> Members:
    return Members(ids=tuple(f"{key}:{i}" for i in range(len(texts))), texts=tuple(texts),
                   positions=tuple(range(len(texts))), language=language)


class FoldScorer:
    """Out-of-fold probe scores: how correct-looking a text is to models of other tasks.

    The card's trained probes are fit per fold: the classifier and its family-centred variant
    (token n-grams, labels used) and the naturalness model (a token trigram model of every
    snippet).

    Args:
        families: task id -> ``(member texts, positive flags)``: the families to learn from.
        seed: the build seed (the folds).
        languages: family key -> the members' language (default ``python``; the naturalness
            model is per language).
        groups: family key -> the unit the folds split (default: the key itself; execir-poly
            passes the problem, so no model scoring a program has seen its problem in another
            language).
    """

    def __init__(self, families: Mapping[str, tuple[Sequence[str], Sequence[bool]]], seed: int, *,
                 languages: Mapping[str, str] | None = None, groups: Mapping[str, str] | None = None):
        self.seed = seed
        self.languages = dict(languages or {})
        self.groups = dict(groups or {})
        self.models: dict[int, list] = {}
        for fold in range(FOLDS):
            train = [(_members(tid, texts, self.languages.get(tid, "python")), tuple(bool(p) for p in pos))
                     for tid, (texts, pos) in sorted(families.items())
                     if self.fold(tid) != fold and any(pos) and not all(pos)]
            models: list = []
            if train:
                models = [ClassifierProbe(), ClassifierProbe(centred=True), NaturalnessProbe()]
                for model in models:
                    model.fit(train)
            self.models[fold] = models

    def fold(self, task_id: str) -> int:
        """The fold of a family key (of its group when it has one)."""
        return fold_of(self.groups.get(task_id, task_id), self.seed)

    def features(self, task_id: str, texts: Sequence[str]) -> np.ndarray:
        """``(len(texts), TRAINED + 1)``: each text's classifier logit, centred-classifier logit
        and naturalness (mean token log probability) under the models that never saw
        ``task_id``'s fold (0 when that fold had nothing to learn from), and its length in
        characters."""
        models = self.models[self.fold(task_id)]
        cols = [np.zeros(len(texts))] * TRAINED
        if models and texts:
            members = _members(task_id, texts, self.languages.get(task_id, "python"))
            cols = [np.asarray(model.score(members), dtype=np.float64) for model in models]
        return np.column_stack(cols + [np.array([len(t) for t in texts], dtype=np.float64)])

    def compare(self, task_id: str, canonical: str, texts: Sequence[str]
                ) -> tuple[np.ndarray, np.ndarray]:
        """``(above, distance)`` of ``texts`` against the canonical: ``above`` ``(n, TRAINED)``
        bool, the text scores higher than the canonical under each trained probe; ``distance``
        ``(n,)``, each :meth:`features` column's absolute difference from the canonical's
        divided by the column's standard deviation over the canonical and ``texts`` (1 where it
        is 0), summed: 0 = looks exactly like the canonical to every probe."""
        if not texts:
            return np.zeros((0, TRAINED), dtype=bool), np.zeros(0)
        feats = np.round(self.features(task_id, [canonical, *texts]), 9)
        scale = feats.std(axis=0)
        scale[scale == 0] = 1.0
        above = feats[1:, :TRAINED] > feats[0, :TRAINED]
        return above, np.round(np.abs((feats[1:] - feats[0]) / scale).sum(axis=1), 9)


def hardest(candidates: Sequence[VerifiedMutant], distance: np.ndarray, k: int) -> list[VerifiedMutant]:
    """The ``k`` candidates to plant: by distance to the canonical ascending (ties: code hash
    ascending), one per mutation type first (as :func:`~execir.mutation.select.select_distractors`
    prefers distinct types), then the nearest of the rest."""
    order = sorted(range(len(candidates)),
                   key=lambda i: (float(distance[i]), sha256_text(candidates[i].mutant.code)))
    picked: list[int] = []
    seen: set[str] = set()
    for i in order:
        mtype = candidates[i].mutant.mutation_type
        if len(picked) < k and mtype not in seen:
            picked.append(i)
            seen.add(mtype)
    for i in order:
        if len(picked) < k and i not in picked:
            picked.append(i)
    return [candidates[i] for i in picked]


def rank_targets(task_id: str, k: int, seed: int) -> tuple[int, ...]:
    """For each trained probe (classifier, naturalness): how many of the task's ``k`` planted
    distractors should score above its canonical, drawn uniformly from ``0..k`` (seeded).  With
    the canonical's rank in its family uniform, a probe's pick is the canonical with probability
    ``1 / (k + 1)``: chance, neither above nor below it."""
    rng = random.Random(f"{seed}:ranks:{task_id}")
    return tuple(rng.randrange(k + 1) for _ in range(TRAINED))


def targeted(candidates: Sequence[VerifiedMutant], above: np.ndarray, distance: np.ndarray,
             k: int, targets: Sequence[int]) -> list[VerifiedMutant]:
    """``k`` candidates of which, for each probe ``f``, ``targets[f]`` score above the canonical
    (``above[i, f]``), as near as the pool allows; among the ways to get there, the nearest
    candidates (:func:`hardest` within each above/below group).

    Args:
        candidates: the qualifying mutants, ``n`` of them.
        above: ``(n, F)`` bool: candidate ``i`` scores above the canonical under probe ``f``.
        distance: ``(n,)`` distance to the canonical (:meth:`FoldScorer.distance`).
        targets: ``F`` counts (:func:`rank_targets`).
    """
    groups: dict[tuple[bool, ...], list[int]] = {}
    for i in range(len(candidates)):
        groups.setdefault(tuple(bool(x) for x in above[i]), []).append(i)
    keys = sorted(groups)
    ordered = {g: sorted(groups[g], key=lambda i: (float(distance[i]),
                                                   sha256_text(candidates[i].mutant.code)))
               for g in keys}
    best: tuple | None = None
    for counts in _compositions(min(k, len(candidates)), [len(groups[g]) for g in keys]):
        miss = sum(abs(sum(n for g, n in zip(keys, counts) if g[f]) - t) for f, t in enumerate(targets))
        cost = sum(float(distance[i]) for g, n in zip(keys, counts) for i in ordered[g][:n])
        if best is None or (miss, cost) < best[:2]:
            best = (miss, cost, counts)
    if best is None:
        return []
    picks = sorted(i for g, n in zip(keys, best[2]) for i in ordered[g][:n])
    return [candidates[i] for i in picks]


def _compositions(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``n_0 + n_1 + ...`` with ``0 <= n_j <= caps[j]``."""
    if not caps:
        if total == 0:
            yield ()
        return
    for n in range(min(total, caps[0]) + 1):
        for rest in _compositions(total - n, caps[1:]):
            yield (n, *rest)
