"""Probe cards of the shipped releases, v1 beside v2 (and execir-poly v2 beside v3): do they give their
answers away?

For each release, every construction probe of :mod:`execir.probes` (medoid, token majority,
size, id and file order, snippet-only classifiers, naturalness, and their inverses) picks one
member of each query's oracle family -- its judged snippets -- and is scored against chance
(``execir probe RELEASE`` prints the same card for one release).  ``--behaviour`` adds the
behaviour-majority probe, which runs every family's members in the sandbox (minutes).
Usage::

    python benchmarks/probe_card.py [--releases execir-py,humaneval@1,humaneval,...] [--seed 0]
        [--behaviour] [--workers 2] [--markdown | --json] [--cache-dir DIR] [--from-json FILE]

Default output: each release's card as ``execir probe`` prints it.  ``--markdown``: the tables
of ``benchmarks/README.md`` (one row per probe and release: exec@1 [95% CI], chance, lift; and
the per-language lifts of multi-language releases).  ``--json``: the cards.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from execir.probes.probe_base import with_inverses
from execir.probes.card import DEFAULT_MARGIN, default_probes, gate, probe_card
from execir.probes.command import format_card

RELEASES = ("execir-py", "humaneval@1", "humaneval", "execir-poly@2", "execir-poly")


def cards(releases, *, seed, behaviour, workers, cache_dir):
    """release -> (card, seconds)."""
    out = {}
    for name in releases:
        probes = default_probes()
        if behaviour:
            from execir.execution import Oracle
            from execir.rerank.behaviour_probe import BehaviourProbe

            probes += with_inverses([BehaviourProbe(Oracle(workers=workers, cache_dir=cache_dir), seed=seed)])
        start = time.perf_counter()
        card = probe_card(name, seed=seed, probes=probes, cache_dir=cache_dir)
        out[name] = (card, time.perf_counter() - start)
    return out


def markdown(found, margin):
    """The README tables."""
    lines = ["| probe | " + " | ".join(f"{n} v{c['version']} exec@1 [95% CI] | chance | lift"
                                       for n, (c, _) in found.items()) + " |",
             "|---|" + "---|---|---|" * len(found)]
    names = [r["probe"] for r in next(iter(found.values()))[0]["probes"]]
    for probe in names:
        cells = []
        for card, _ in found.values():
            r = next((x for x in card["probes"] if x["probe"] == probe), None)
            if r is None:
                cells += ["-", "-", "-"]
                continue
            mark = " **✗**" if r["lift"] > margin else ""
            held = " (held-out)" if r["split"] == "held-out" else ""
            cells += [f"{r['exec@1']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}]{held}", f"{r['chance']:.3f}",
                      f"{r['lift']:+.3f}{mark}"]
        lines.append(f"| {probe} | " + " | ".join(cells) + " |")
    for name, (card, _) in found.items():
        langs = sorted(card["languages"])
        if not langs:
            continue
        by = {lang: {r["probe"]: r for r in card["languages"][lang]} for lang in langs}
        lines += ["", f"{name}: lift by language (`*`: the whole 95% interval of the lift is above the margin)", "",
                  "| probe | " + " | ".join(langs) + " |", "|---|" + "---|" * len(langs)]
        for probe in names:
            cells = [f"{by[l][probe]['lift']:+.3f}" + ("*" if by[l][probe]["lift_ci_low"] > margin else "")
                     if probe in by[l] else "-" for l in langs]
            lines.append(f"| {probe} | " + " | ".join(cells) + " |")
        first = names[0]
        lines.append("| chance | " + " | ".join(f"{by[l][first]['chance']:.3f}" for l in langs) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--releases", default=",".join(RELEASES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--margin", type=float, default=DEFAULT_MARGIN)
    ap.add_argument("--behaviour", action="store_true", help="add the sandboxed behaviour-majority probe")
    ap.add_argument("--workers", type=int, default=2, help="sandbox workers of --behaviour")
    ap.add_argument("--cache-dir", default=None)
    ap.add_argument("--from-json", default=None, help="render cards saved by --json instead of measuring")
    fmt = ap.add_mutually_exclusive_group()
    fmt.add_argument("--markdown", action="store_true")
    fmt.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.from_json:
        with open(args.from_json, encoding="utf-8") as fh:
            saved = json.load(fh)
        asked = args.releases.split(",")
        order = [n for n in asked if n in saved] + sorted(set(saved) - set(asked))
        found = {n: (saved[n], saved[n].get("seconds", 0.0)) for n in order}
    else:
        found = cards(args.releases.split(","), seed=args.seed, behaviour=args.behaviour, workers=args.workers,
                      cache_dir=args.cache_dir)
    if args.json:
        print(json.dumps({n: {**c, "seconds": round(s, 1)} for n, (c, s) in found.items()}, indent=2,
                         sort_keys=True))
    elif args.markdown:
        print(markdown(found, args.margin))
    else:
        for name, (card, seconds) in found.items():
            print(format_card(card, args.margin))
            for line in gate(card, args.margin):
                print(f"  FAIL {line}")
            print(f"({seconds:.0f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
