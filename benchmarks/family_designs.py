"""Probe lifts of releases built with different family designs, over several probe-card seeds.

    python benchmarks/family_designs.py RELEASE [RELEASE ...] [--seeds 4]

Each RELEASE is a release folder or a shipped name (``execir build NAME --families DESIGN --out
FOLDER`` makes one).  For every probe the table gives its lift over chance (exec@1 within family
minus chance) for card seeds ``0 .. seeds-1`` and their mean; the seed changes only the
problem-disjoint split the trained probes (classifier, naturalness) are fit and scored on, so
the untrained probes' rows are the same for every seed.  A single seed's trained-probe row has a
standard error of about 0.047 on HumanEval (82 held-out families), so their mean over seeds is
what tells a leak from noise.
"""

from __future__ import annotations

import argparse
import sys

from execir.probes.card import probe_card


def lifts(release: str, seeds: int) -> dict[str, list[float]]:
    """probe name -> its lift for each card seed."""
    out: dict[str, list[float]] = {}
    for seed in range(seeds):
        for row in probe_card(release, seed=seed)["probes"]:
            out.setdefault(row["probe"], []).append(row["lift"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("releases", nargs="+")
    parser.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args(argv)
    for release in args.releases:
        card = probe_card(release, seed=0)
        print(f"\n{release}: {card['n_families']} families, chance {card['probes'][0]['chance']:.3f}")
        header = "".join(f"  seed {s}" for s in range(args.seeds))
        print(f"{'probe':<24}{header}     mean")
        for name, values in lifts(release, args.seeds).items():
            cells = "".join(f"{v:+8.3f}" for v in values)
            print(f"{name:<24}{cells} {sum(values) / len(values):+8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
