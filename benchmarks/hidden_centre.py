"""Hidden-centre families, tried (issue 23): does a positive that carries a mutation operator's
edit close the trained probes' leak?

    python benchmarks/hidden_centre.py humaneval [--seeds 8] [--pool pool.json] [--six]
    python benchmarks/hidden_centre.py humaneval --order 2 [--pool pool2.json]

For every task, every first-order mutant of the canonical (six types and ``extended``) is run on
the task's tests; the survivors are checked for equivalence with the canonical on generated
inputs (:func:`execir.mutation.rewrite.equivalence.verify_variants`).  A task with at least one
verified-equivalent mutant ``E`` gets a family without its canonical: ``E`` (the positive) and
``k`` killed mutants (wrong output, no time-out), ``k`` as in the release, chosen to resemble
``E``'s edit (same replaced text and replacement, then same operator, then same type; seeded
ties).  Every member is then one edit from the canonical, which is no longer in the family: the
star loses its centre.  The probe card is read on those families only (in memory, nothing is
written), averaged over ``--seeds`` probe-card seeds.  ``--pool`` caches the executed pool
(JSON) so that the selection can be varied without executing again; ``--six`` keeps
``extended`` mutants out of the negatives.

``--order 2``: every member carries two operator edits.  For each task, 8 first-order mutants
(seeded) each give 20 seeded single-edit mutants of their own (second-order mutants of the
canonical); those that pass every test and are verified equivalent to the canonical are the
positive candidates, the killed ones the negatives.  A family is one equivalent second-order
mutant and ``k`` killed ones whose two edits share no edit with any other member's (the
operators matched to the positive's where possible), so that every member is two edits from the
hidden canonical and four from every other member.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import hashlib
import json
import os
import random
import statistics
import sys
import time

from execir.execution import Oracle
from execir.mutation import enumerate_mutants
from execir.mutation.rewrite.equivalence import verify_variants
from execir.mutation.rewrite.variants import Variant
from execir.mutation.select import KILLED_WRONG_OUTPUT, classify
from execir.probes.card import probe_card
from execir.probes.family import families_of, load_source

EQUIVALENT = "equivalent"


def pool_of(task, oracle: Oracle) -> list[dict]:
    """Every first-order mutant of ``task``'s canonical with its status (``classify``'s, or
    ``timeout``, or :data:`EQUIVALENT` for a verified-equivalent survivor)."""
    muts = enumerate_mutants(task.canonical, entry_point=task.entry_point, extended=True)
    results = oracle.run([(m.code, list(task.tests)) for m in muts])
    rows, survivors = [], []
    for m, r in zip(muts, results):
        status = classify(r.outcomes)
        if status == KILLED_WRONG_OUTPUT and "TIMEOUT" in r.outcomes:
            status = "timeout"
        rows.append({"code": m.code, "op": m.operator, "type": m.mutation_type,
                     "before": m.before, "after": m.after, "status": status})
        if all(o == "pass" for o in r.outcomes):
            survivors.append(Variant(m.code, ()))
    kept = {v.code for v in verify_variants(task.canonical, survivors, task.tests,
                                            entry_point=task.entry_point, oracle=oracle,
                                            query=task.query).kept} if survivors else set()
    for row in rows:
        if row["code"] in kept:
            row["status"] = EQUIVALENT
    return rows


def second_order_pool(task, oracle: Oracle, first: int = 8, per: int = 20) -> list[dict]:
    """Second-order mutants of ``task``'s canonical (``--order 2``) with their two edits
    (``e1``, ``e2``: operator, replaced text, replacement, line) and status as :func:`pool_of`."""
    rng = random.Random(f"second-order:{task.task_id}")
    firsts = enumerate_mutants(task.canonical, entry_point=task.entry_point)
    rng.shuffle(firsts)
    edits: dict[str, dict] = {}
    for m in firsts[:first]:
        seconds = [x for x in enumerate_mutants(m.code, entry_point=task.entry_point)
                   if x.code != task.canonical]
        rng.shuffle(seconds)
        for x in seconds[:per]:
            edits.setdefault(x.code, {"e1": [m.operator, m.before, m.after, m.span[0]],
                                      "e2": [x.operator, x.before, x.after, x.span[0]]})
    codes = list(edits)
    results = oracle.run([(c, list(task.tests)) for c in codes])
    rows, survivors = [], []
    for c, r in zip(codes, results):
        status = classify(r.outcomes)
        if status == KILLED_WRONG_OUTPUT and "TIMEOUT" in r.outcomes:
            status = "timeout"
        rows.append({"code": c, "status": status, **edits[c]})
        if all(o == "pass" for o in r.outcomes):
            survivors.append(Variant(c, ()))
    kept = {v.code for v in verify_variants(task.canonical, survivors, task.tests,
                                            entry_point=task.entry_point, oracle=oracle,
                                            query=task.query).kept} if survivors else set()
    for row in rows:
        if row["code"] in kept:
            row["status"] = EQUIVALENT
    return rows


def second_order_family(tid: str, rows: list[dict], k: int, seed: int, six: bool
                        ) -> list[tuple[dict, int]] | None:
    """``[(E, 2), (negative, 1) * k]`` of second-order mutants with pairwise disjoint edits, or
    None (``six`` is not used: the second-order pool has the six types only)."""
    def edits(r: dict) -> set:
        return {tuple(r["e1"]), tuple(r["e2"])}

    def kinds(r: dict) -> collections.Counter:
        return collections.Counter([r["e1"][0], r["e2"][0]])

    rng = random.Random(f"{seed}:{tid}")
    eq = sorted((r for r in rows if r["status"] == EQUIVALENT),
                key=lambda r: hashlib.sha256(r["code"].encode()).hexdigest())
    neg = [r for r in rows if r["status"] == KILLED_WRONG_OUTPUT]
    if not eq or k < 1:
        return None
    best = rng.choice(eq)
    rng.shuffle(neg)
    chosen, used = [], edits(best)
    for r in sorted(neg, key=lambda r: -sum((kinds(r) & kinds(best)).values())):
        if not edits(r) & used:
            chosen.append(r)
            used |= edits(r)
    return [(best, 2)] + [(r, 1) for r in chosen[:k]] if len(chosen) >= k else None


def likeness(a: dict, b: dict) -> int:
    """How much mutant ``b``'s edit resembles ``a``'s: same text replaced by the same text (3),
    same operator (2), same type (1), summed."""
    return (3 * ((a["before"], a["after"]) == (b["before"], b["after"]))
            + 2 * (a["op"] == b["op"]) + (a["type"] == b["type"]))


def family_of(tid: str, rows: list[dict], k: int, seed: int, six: bool) -> list[tuple[dict, int]] | None:
    """``[(E, 2), (negative, 1) * k]`` for one task, or None without an equivalent mutant or
    ``k`` negatives."""
    eq = sorted((r for r in rows if r["status"] == EQUIVALENT),
                key=lambda r: hashlib.sha256(r["code"].encode()).hexdigest())
    neg = [r for r in rows if r["status"] == KILLED_WRONG_OUTPUT and not (six and r["type"] == "extended")]
    if not eq or len(neg) < max(1, k):
        return None
    best = max(eq, key=lambda e: sum(sorted((likeness(e, r) for r in neg), reverse=True)[:k]))
    random.Random(f"{seed}:{tid}").shuffle(neg)
    return [(best, 2)] + [(r, 1) for r in sorted(neg, key=lambda r: -likeness(best, r))[:k]]


def rebuild(bench, pools: dict, seed: int, six: bool, family=None):
    """``(benchmark, replaced task ids)``: ``bench`` with each task that has a family of
    :func:`family_of` swapped for it, the corpus in a seeded hash order."""
    corpus, qrels, replaced = {}, {q: dict(r) for q, r in bench.qrels.items()}, set()
    by_task = collections.defaultdict(list)
    for s in bench.corpus.values():
        by_task[s.task_id].append(s)
    for tid, snips in by_task.items():
        canon = [s for s in snips if s.kind == "canonical"]
        fam = (family or family_of)(tid, pools.get(tid, []), len(snips) - 1, seed, six) if canon else None
        if fam is None:
            corpus.update((s.snippet_id, s) for s in snips)
            continue
        old, rel = {s.snippet_id for s in snips}, {}
        for row, label in fam:
            sid = f"{tid}-{hashlib.sha256(row['code'].encode()).hexdigest()[:10]}".replace("/", "_")
            corpus[sid] = dataclasses.replace(canon[0], snippet_id=sid, code=row["code"],
                                              kind="canonical" if label == 2 else "distractor")
            rel[sid] = label
        for q, judged in qrels.items():
            if old & judged.keys():
                qrels[q] = {d: v for d, v in judged.items() if d not in old} | rel
        replaced.add(tid)
    order = sorted(corpus, key=lambda d: hashlib.sha256(f"{seed}:{d}".encode()).hexdigest())
    return dataclasses.replace(bench, corpus={d: corpus[d] for d in order}, qrels=qrels), replaced


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("release")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--pool", default="")
    ap.add_argument("--six", action="store_true")
    ap.add_argument("--order", type=int, choices=(1, 2), default=1)
    args = ap.parse_args(argv)
    bench = load_source(args.release)
    if args.pool and os.path.exists(args.pool):
        pools = json.load(open(args.pool))
    else:
        start, oracle = time.monotonic(), Oracle()
        make = second_order_pool if args.order == 2 else pool_of
        pools = {tid: make(t, oracle) for tid, t in sorted(bench.tasks.items())}
        print(f"executed and verified the pools in {time.monotonic() - start:.0f} s", file=sys.stderr)
        if args.pool:
            with open(args.pool, "w") as f:
                json.dump(pools, f)
    n_eq = sum(r["status"] == EQUIVALENT for rows in pools.values() for r in rows)
    print(f"tasks with a verified-equivalent mutant: "
          f"{sum(any(r['status'] == EQUIVALENT for r in rows) for rows in pools.values())} of "
          f"{len(pools)} ({n_eq} equivalent mutants)")
    new, replaced = rebuild(bench, pools, 0, args.six,
                            second_order_family if args.order == 2 else family_of)
    fams = families_of(new)
    fams = dataclasses.replace(fams, families=tuple(f for f in fams.families if f.problem_id in replaced))
    lifts = collections.defaultdict(list)
    for seed in range(args.seeds):
        card = probe_card(fams, seed=seed, replicates=50)
        for r in card["probes"]:
            lifts[r["probe"]].append(r["lift"])
    print(f"{len(fams.families)} families, chance {card['probes'][0]['chance']:.3f}; "
          f"lift, mean of {args.seeds} card seeds:")
    for name, values in lifts.items():
        print(f"  {name:26s} {statistics.mean(values):+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
