"""The probe card of a release: how far each construction probe beats chance, and the gate.

Scoring.  A probe picks the argmax member of each family, ties broken by member id ascending
(:func:`execir.ranking.rank`, the project's one tie rule; scores are rounded to 12 decimals first
so float noise never breaks a tie).  Per family: ``hit`` = the pick is positive, ``chance`` =
``|positives| / |family|``.  exec@1 = mean hit, chance = mean chance, lift = exec@1 - chance;
95% percentile bootstrap intervals of exec@1 and of lift resample families
(:mod:`execir.evaluation.stats`; ``replicates`` resamples from ``numpy.random.default_rng(seed)``,
shared by every untrained probe of a group, so their rows are paired).  ``ties`` is the fraction
of families whose pick the id rule decided.

Trained probes (classifier, naturalness) are fit on a seeded problem-disjoint half
(:mod:`execir.probes.split`) and scored on the other half only, with that half's chance; their
rows add ``auc``: the ROC AUC of the member scores against the labels over every held-out member
(ties count one half).

The card is a JSON-ready dict, deterministic for a release and a seed (floats rounded to 6
decimals; write it with ``sort_keys``).  ``languages`` holds per-language rows when the release
has more than one language.  :func:`gate` lists the probes whose overall lift exceeds a margin
(or whose lift interval in one language lies wholly above it).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from scipy.stats import rankdata

from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts, bootstrap_means,
                                     percentile_ci)
from execir.probes.probe_base import Example, Inverted, Probe, with_inverses
from execir.probes.classifier import ClassifierProbe
from execir.probes.family import Family, FamilySet, families
from execir.probes.majority import MajorityProbe
from execir.probes.medoid import MedoidProbe
from execir.probes.naturalness import NaturalnessProbe
from execir.probes.order import FileOrderProbe, LowestIdProbe
from execir.probes.size import AstSizeProbe, CharLengthProbe
from execir.probes.split import problem_split
from execir.ranking import rank

DEFAULT_MARGIN = 0.05
#: the gate's family-wise error rate over a card's probes (:func:`gate`)
ALPHA = 0.05
DIGITS = 6


def default_probes() -> list[Probe]:
    """Every probe and its inverse, in card order (fresh objects: trained probes hold state)."""
    return with_inverses([MedoidProbe(), MajorityProbe(), CharLengthProbe(), AstSizeProbe(),
                          LowestIdProbe(), FileOrderProbe(), ClassifierProbe(centred=False),
                          ClassifierProbe(centred=True), NaturalnessProbe()])


def pick(scores: np.ndarray, ids: Sequence[str]) -> tuple[int, bool]:
    """``(index of the picked member, whether a tie was broken by id)`` for one family.

    Raises:
        ValueError: ``scores`` is not ``(len(ids),)`` or holds NaN.
    """
    scores = np.round(np.asarray(scores, dtype=np.float64), 12)
    if scores.shape != (len(ids),):
        raise ValueError(f"probe returned scores of shape {scores.shape} for {len(ids)} members")
    best_id = rank(zip(ids, scores.tolist()), k=1)[0][0]
    best = ids.index(best_id)
    return best, int((scores == scores[best]).sum()) > 1


def hits(probe: Probe, fams: Sequence[Family], scores: Sequence[np.ndarray] | None = None
         ) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """``(hit (n,) 0/1, tied (n,) 0/1, scores per family)`` of ``probe`` on ``fams``; the probe
    sees only each family's :class:`~execir.probes.family.Members`.  ``scores`` given (one
    array per family, e.g. an inverse's negated scores) are used instead of calling it."""
    hit, tied, out = np.zeros(len(fams)), np.zeros(len(fams)), []
    for k, fam in enumerate(fams):
        s = np.asarray(probe.score(fam.members) if scores is None else scores[k], dtype=np.float64)
        i, t = pick(s, fam.members.ids)
        hit[k], tied[k] = float(fam.positive[i]), float(t)
        out.append(s)
    return hit, tied, out


def roc_auc(scores: Sequence[np.ndarray], fams: Sequence[Family]) -> float | None:
    """ROC AUC of the pooled member scores against the labels (Mann-Whitney, ties one half);
    None without both classes."""
    s = np.concatenate([np.round(x, 12) for x in scores]) if scores else np.zeros(0)
    y = np.array([p for f in fams for p in f.positive], dtype=bool)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if not n_pos or not n_neg:
        return None
    ranks = rankdata(s)
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def row(name: str, hit: np.ndarray, tied: np.ndarray, chance: np.ndarray, counts: np.ndarray,
        level: float = DEFAULT_LEVEL) -> dict[str, Any]:
    """One card row from per-family ``hit``, ``tied`` and ``chance`` ``(n,)`` and a bootstrap
    ``counts`` matrix ``(replicates, n)``."""
    reps = bootstrap_means(np.column_stack([hit, hit - chance]), counts)
    low, high = percentile_ci(reps, level)
    e, c = float(hit.mean()), float(chance.mean())
    out = {"probe": name, "exec@1": e, "ci_low": float(low[0]), "ci_high": float(high[0]), "chance": c,
           "lift": e - c, "lift_ci_low": float(low[1]), "lift_ci_high": float(high[1]),
           "n_families": int(hit.size), "ties": float(tied.mean())}
    return {k: (round(v, DIGITS) if isinstance(v, float) else v) for k, v in out.items()}


class _Group:
    """Families scored together: their chance, one bootstrap matrix for all of them and one per
    language (``languages`` None: no per-language rows)."""

    def __init__(self, fams: Sequence[Family], languages: Sequence[str] | None, seed: int, replicates: int):
        self.fams = list(fams)
        self.chance = np.array([f.chance for f in self.fams])
        self.counts = bootstrap_counts(len(self.fams), replicates, seed)
        self.by_language: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for lang in languages or ():
            idx = np.array([i for i, f in enumerate(self.fams) if f.language == lang], dtype=np.int64)
            if idx.size:
                self.by_language[lang] = (idx, bootstrap_counts(idx.size, replicates, seed))

    def rows(self, name: str, hit: np.ndarray, tied: np.ndarray) -> tuple[dict, dict[str, dict]]:
        """The overall row and one row per language."""
        per = {lang: row(name, hit[idx], tied[idx], self.chance[idx], counts)
               for lang, (idx, counts) in self.by_language.items()}
        return row(name, hit, tied, self.chance, self.counts), per


def probe_card(source: Any, *, seed: int = 0, probes: Sequence[Probe] | None = None,
               replicates: int = DEFAULT_REPLICATES, cache_dir: Any = None) -> dict[str, Any]:
    """The probe card of ``source`` (a :class:`~execir.probes.family.FamilySet` or anything
    :func:`~execir.probes.family.families` loads); module docstring for its content.

    Raises:
        ValueError: ``source`` has no family with a positive and a negative, or ``seed`` < 0.
        UsageError, DataError: from loading ``source``.
    """
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    fams = source if isinstance(source, FamilySet) else families(source, cache_dir=cache_dir)
    if not len(fams):
        raise ValueError(f"{fams.name}: no query has both a positive and a hard negative to probe")
    langs = fams.languages if len(fams.languages) > 1 else None
    whole = _Group(fams.families, langs, seed, replicates)
    try:
        train, held = problem_split(fams.families, seed)
    except ValueError:
        train, held = [], []
    held_group = _Group(held, langs, seed, replicates) if train and held else None
    examples: list[Example] = [(f.members, f.positive) for f in train]
    rows, per_language, notes = [], {lang: [] for lang in langs or ()}, {}
    scored: dict[int, list[np.ndarray]] = {}  # id(probe) -> its scores, reused by its Inverted
    for probe in probes if probes is not None else default_probes():
        notes[probe.name] = probe.note
        if probe.trained and held_group is None:
            notes[probe.name] += " (not run: fewer than two problems)"
            continue
        overall, per = _score(probe, held_group if probe.trained else whole, examples, scored)
        rows.append(overall)
        for lang, r in per.items():
            per_language[lang].append(r)
    return {"release": fams.name, "version": fams.version, "seed": seed, "replicates": replicates,
            "level": DEFAULT_LEVEL, "n_queries": fams.n_queries, "n_families": len(fams),
            "skipped": dict(fams.skipped), "merged": fams.merged, "languages": per_language,
            "split": _split_summary(train, held), "probes": rows, "notes": notes}


def _score(probe: Probe, group: _Group, examples: Sequence[Example], scored: dict[int, list[np.ndarray]]
           ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``probe``'s overall row and per-language rows on ``group`` (fit on ``examples`` first when
    trained); an :class:`Inverted` whose probe is in ``scored`` negates those scores."""
    if probe.trained:
        probe.fit(examples)
    base = scored.get(id(probe.probe)) if isinstance(probe, Inverted) else None
    hit, tied, scores = hits(probe, group.fams, None if base is None else [-x for x in base])
    scored[id(probe)] = scores
    overall, per = group.rows(probe.name, hit, tied)
    split = "held-out" if probe.trained else "all"
    overall["split"] = split
    if probe.trained:
        auc = roc_auc(scores, group.fams)
        overall["auc"] = None if auc is None else round(auc, DIGITS)
    return overall, {lang: {**r, "split": split} for lang, r in per.items()}


def _split_summary(train: Sequence[Family], held: Sequence[Family]) -> dict[str, int]:
    """Problem and family counts of the trained probes' two halves."""
    return {"train_problems": len({f.problem_id for f in train}), "train_families": len(train),
            "held_out_problems": len({f.problem_id for f in held}), "held_out_families": len(held)}


def chance_tail(r: dict[str, Any]) -> float:
    """One-sided binomial probability that a picker at the row's mean ``chance`` gets at least
    its hits (``exec@1`` x ``n_families``, rounded) right."""
    from scipy.stats import binom

    n = int(r["n_families"])
    hits = int(round(float(r["exec@1"]) * n))
    return float(binom.sf(hits - 1, n, min(1.0, max(0.0, float(r["chance"]))))) if n else 1.0


def gate_bound(card: dict[str, Any]) -> float:
    """The largest chance probability :func:`gate` counts as beyond luck: ``ALPHA`` / the number
    of probes on the card."""
    return ALPHA / max(1, len(card["probes"]))


def verdict(card: dict[str, Any], r: dict[str, Any], margin: float = DEFAULT_MARGIN) -> str:
    """What the card's table shows beside a probe's row ``r``: ``FAIL`` (lift over ``margin`` and
    beyond luck, :func:`gate`'s overall test), ``luck?`` (over ``margin`` within luck),
    ``below`` (under chance by more than ``margin``: its inverse picks well), else ``""``."""
    if r["lift"] > margin:
        return "FAIL" if chance_tail(r) < gate_bound(card) else "luck?"
    return "below" if r["lift"] < -margin else ""


def undecided(card: dict[str, Any]) -> str | None:
    """Why the card is too small for :func:`gate` to find any leak, or None: when a probe right
    on every family of the overall rows would still be within luck (mean chance ** families >=
    :func:`gate_bound`; e.g. 3 families at chance 0.22: 0.0106 against 0.05 / 18)."""
    rows = [r for r in card["probes"] if r.get("split") == "all"] or card["probes"]
    best = min((chance_tail({**r, "exec@1": 1.0}) for r in rows), default=1.0)
    if best < gate_bound(card):
        return None
    n = max(int(r["n_families"]) for r in rows) if rows else 0
    return (f"{n} families are too few to tell a leak from luck (a probe right on every one would have "
            f"p = {best:.2g} by chance, the gate needs < {gate_bound(card):.2g})")


def gate(card: dict[str, Any], margin: float = DEFAULT_MARGIN) -> list[str]:
    """One line per probe that beats chance by more than ``margin`` (exec@1 units); an empty
    list passes.

    A probe fails when its overall lift (exec@1 - chance) exceeds ``margin`` and it beats chance
    beyond noise: the one-sided binomial probability of at least its hits among its
    ``n_families`` at the mean chance is under ``ALPHA`` / the number of probes on the card
    (Bonferroni: a card asks many probes, so one of them is lucky now and then on a small
    release; with per-family chances the binomial at their mean is conservative).  So a star
    release of five tasks (the medoid right 5 times of 5 at chance 0.22: p = 0.0005) fails, and
    a five-task centred release whose inverted naturalness model is right on 3 of 3 held-out
    families (p = 0.016 against a bound of 0.05 / 18) does not.  On a release with several
    languages a probe also fails when in some language even the lower end of its lift's 95%
    interval exceeds ``margin`` and its hits in that language are beyond the same luck bound (a
    leak confined to one language -- execir-poly's text corpus, say -- is diluted in the overall
    row; the interval and the bound keep the many small per-language rows from failing by noise:
    a three-problem release's Go medoid right on 3 of 3 families at chance 0.33 has a lift
    interval of [+0.667, +0.667] but p = 0.037 by chance).

    Raises:
        ValueError: ``margin`` outside [0, 1].
    """
    if not 0 <= margin <= 1:
        raise ValueError(f"margin must be in [0, 1], got {margin}")
    lines = []
    bound = gate_bound(card)
    for r in card["probes"]:
        p = chance_tail(r)
        if r["lift"] > margin and p < bound:
            lines.append(f"{r['probe']}: exec@1 {r['exec@1']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}] vs "
                         f"chance {r['chance']:.3f} on {r['n_families']} families ({r['split']}): lift "
                         f"{r['lift']:+.4f} > margin {margin:g} (p = {p:.2g} by chance)")
            continue
        leaks = [f"{lang} {x['exec@1']:.3f} vs {x['chance']:.3f}, lift [{x['lift_ci_low']:+.3f}, "
                 f"{x['lift_ci_high']:+.3f}] on {x['n_families']}"
                 for lang, rows in sorted((card.get("languages") or {}).items())
                 for x in rows if x["probe"] == r["probe"] and x["lift_ci_low"] > margin and chance_tail(x) < bound]
        if leaks:
            lines.append(f"{r['probe']}: overall lift {r['lift']:+.4f}, but the whole 95% interval of its lift "
                         f"exceeds margin {margin:g} in: {'; '.join(leaks)}")
    return lines
