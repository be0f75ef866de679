"""Family-level adversarial filtering (AFLite, Le Bras et al. 2020), tried on a built release
(issue 23): drop the families whose positive the snippet-only trained probes find, then read the
probe card on what is left.

    python benchmarks/aflite_families.py RELEASE [--rounds 16] [--drop 0.05] [--margin 0.05]

Each iteration fits the card's trained probes (classifier, classifier-centred, naturalness) on
``--rounds`` seeded problem-disjoint halves of the *kept* families (filter seeds 1000 + r, apart
from the card's 0..3) and scores the other half.  A family's *predictability* is how far the
positive's mean normalised rank (1 = top under a probe, 0 = bottom) lies from the middle, under
the probe where it lies farthest; the ``--drop`` share of the kept families most predictable is
removed, and the loop stops once every trained probe's mean lift over the rounds, and its
inverse's, is within ``--margin``.  The card is then read on the kept families for card seeds
0..3 (in memory; nothing is written).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import statistics
import sys
import time

import numpy as np

from execir.probes.card import probe_card
from execir.probes.classifier import ClassifierProbe
from execir.probes.family import families_of, load_source
from execir.probes.naturalness import NaturalnessProbe
from execir.probes.split import problem_split


def _ranks(scores: np.ndarray, positive: tuple[bool, ...]) -> tuple[float, bool, bool]:
    """(positive's normalised rank, positive is the top pick, positive is the bottom pick)."""
    pos = [i for i, p in enumerate(positive) if p]
    neg = [i for i, p in enumerate(positive) if not p]
    best = max(scores[i] for i in pos)
    rank = sum(best > scores[j] for j in neg) + 0.5 * sum(best == scores[j] for j in neg)
    top = best > max(scores[j] for j in neg)
    bottom = min(scores[i] for i in pos) < min(scores[j] for j in neg)
    return float(rank) / len(neg), bool(top), bool(bottom)


def iteration(fams, rounds: int) -> tuple[dict[str, np.ndarray], dict[str, tuple[float, float]]]:
    """Per family (query id): mean normalised rank of its positive under each probe; per probe:
    (top-pick rate - chance, bottom-pick rate - chance) over every held-out scoring."""
    ranks: dict[str, list[list[float]]] = collections.defaultdict(lambda: [[], [], []])
    lifts: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
    for r in range(rounds):
        train, held = problem_split(fams, 1000 + r)
        examples = [(f.members, f.positive) for f in train]
        for k, probe in enumerate((ClassifierProbe(), ClassifierProbe(centred=True), NaturalnessProbe())):
            probe.fit(examples)
            tops, bottoms, chance = [], [], []
            for f in held:
                rank, top, bottom = _ranks(np.asarray(probe.score(f.members)), f.positive)
                ranks[f.query_id][k].append(rank)
                tops.append(top)
                bottoms.append(bottom)
                chance.append(f.chance)
            lifts[probe.name].append((statistics.mean(tops) - statistics.mean(chance),
                                      statistics.mean(bottoms) - statistics.mean(chance)))
    mean_ranks = {q: np.array([statistics.mean(x) if x else 0.5 for x in v]) for q, v in ranks.items()}
    return mean_ranks, {name: (statistics.mean(a for a, _ in v), statistics.mean(b for _, b in v))
                        for name, v in lifts.items()}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("release")
    ap.add_argument("--rounds", type=int, default=16)
    ap.add_argument("--drop", type=float, default=0.05)
    ap.add_argument("--margin", type=float, default=0.05)
    ap.add_argument("--max-drop", type=float, default=0.5)
    args = ap.parse_args(argv)
    start = time.monotonic()
    whole = families_of(load_source(args.release))
    kept = list(whole.families)
    while True:
        ranks, lifts = iteration(kept, args.rounds)
        shown = ", ".join(f"{n} {a:+.3f}/{b:+.3f}" for n, (a, b) in lifts.items())
        print(f"{len(kept)} families kept: top/bottom lift {shown}", flush=True)
        if all(max(a, b) <= args.margin for a, b in lifts.values()) \
                or len(kept) <= (1 - args.max_drop) * len(whole.families):
            break
        extreme = {f.query_id: float(np.max(np.abs(ranks.get(f.query_id, np.full(3, 0.5)) - 0.5)))
                   for f in kept}
        n = max(1, int(args.drop * len(kept)))
        gone = set(sorted(extreme, key=lambda q: (-extreme[q], q))[:n])
        kept = [f for f in kept if f.query_id not in gone]
    sub = dataclasses.replace(whole, families=tuple(kept))
    print(f"kept {len(kept)} of {len(whole.families)} families in {time.monotonic() - start:.0f} s; "
          f"card lift, card seeds 0..3:")
    values = collections.defaultdict(list)
    for seed in range(4):
        for row in probe_card(sub, seed=seed, replicates=50)["probes"]:
            values[row["probe"]].append(row["lift"])
    for name, v in values.items():
        print(f"  {name:26s} " + " ".join(f"{x:+.3f}" for x in v) + f"   mean {statistics.mean(v):+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
