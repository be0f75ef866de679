"""How much a release's gate verdict depends on the card's split: the trained probes on many seeds.

The probe card fits its trained probes (snippet classifier, its centred variant, naturalness,
and their inverses) on one seeded problem-disjoint half of the release and scores the other
half (``execir.probes.split``); the build gate reads that one split (seed 0).  This script
re-reads the trained rows on seeds ``0 .. N-1`` and prints, per seed, the worst overall lift,
the worst per-language lift with its 95% interval, and the gate's verdict on that card (the whole
card is read each time, so the gate's luck bound counts every probe as the build's does; the
untrained probes do not depend on the split), then each trained probe's mean lift over the
seeds.  Usage::

    .venv/bin/python benchmarks/card_seeds.py --releases execir-poly,execir-py,humaneval --seeds 10
    .venv/bin/python benchmarks/card_seeds.py --releases execir-poly --seeds 20 --json
"""

from __future__ import annotations

import argparse
import json
import time


def worst(rows: list[dict]) -> dict | None:
    """The row with the largest lift (ties: probe name)."""
    return max(rows, key=lambda r: (r["lift"], r["probe"]), default=None)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--releases", default="execir-poly,execir-py,humaneval")
    ap.add_argument("--seeds", type=int, default=10, help="seeds 0 .. N-1")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from execir.probes.card import gate, probe_card
    from execir.probes.family import families

    out = []
    for name in args.releases.split(","):
        t0 = time.perf_counter()
        fams = families(name)
        for seed in range(args.seeds):
            card = probe_card(fams, seed=seed)
            trained = [r for r in card["probes"] if r["split"] == "held-out"]
            overall = worst(trained)
            per = [(lang, r) for lang, rows in (card.get("languages") or {}).items() for r in rows
                   if r["split"] == "held-out"]
            lang, lrow = max(per, key=lambda x: (x[1]["lift"], x[0], x[1]["probe"]), default=(None, None))
            out.append({"release": name, "seed": seed, "gate": gate(card),
                        "lifts": {r["probe"]: r["lift"] for r in trained},
                        "worst": {k: overall[k] for k in ("probe", "exec@1", "chance", "lift", "n_families")},
                        "worst_language": None if lrow is None else {
                            "language": lang, **{k: lrow[k] for k in ("probe", "exec@1", "chance", "lift",
                                                                         "lift_ci_low", "n_families")}}})
        print(f"# {name}: {args.seeds} seeds in {time.perf_counter() - t0:.0f} s", flush=True)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print("| release | seed | worst overall: probe, lift | worst language: probe, lift [CI low], families | gate |")
    print("|---|---|---|---|---|")
    for r in out:
        w, wl = r["worst"], r["worst_language"]
        lang = "–" if wl is None else (f"{wl['language']} {wl['probe']} {wl['lift']:+.3f} "
                                       f"[{wl['lift_ci_low']:+.3f}], {wl['n_families']}")
        print(f"| {r['release']} | {r['seed']} | {w['probe']} {w['lift']:+.3f} | {lang} | "
              f"{'pass' if not r['gate'] else 'FAIL: ' + r['gate'][0].split(':')[0]} |")
    for name in args.releases.split(","):
        rows = [r for r in out if r["release"] == name]
        means = {p: sum(r["lifts"][p] for r in rows) / len(rows) for p in rows[0]["lifts"]}
        print(f"{name}: gate fails on {sum(bool(r['gate']) for r in rows)} of {len(rows)} seeds; mean lift "
              "over the seeds: " + ", ".join(f"{p} {v:+.3f}" for p, v in means.items()))


if __name__ == "__main__":
    main()
