"""Yield of the semantics-preserving rewrites (:mod:`execir.mutation.rewrite`): how many tasks get
verified correct variants, which operators they come from, and how far variants sit from the
canonical compared with mutants.

For every task of each dataset: ``rewrite_variants(canonical, n=N, seed=S)``, then
``verify_variants`` in the sandbox (the task's tests, then differential runs against the
canonical on generated inputs).  Printed (and written with ``--json``):

* tasks with >= 1, >= 2, >= 4 verified variants (and with none proposed at all);
* per operator: edits proposed (in a proposed variant), edits in kept variants, and edits in
  rejected variants, with every rejection reason (a rejection is an operator bug or a flaky run:
  every operator claims equivalence);
* the mean token similarity to the canonical (``execir.rerank.medoid_reranker``'s token ratio) of the
  kept variants and of the canonical's single-edit mutants;
* with ``--probe``: how often the textual medoid of a family is a correct member, against chance
  (the share of correct members), for three family designs (:func:`medoid_probes`): ``star``
  (the canonical, its variants and up to ``--distractors`` failing mutants of the canonical),
  ``star_restyled`` (the same mutants restyled by one rewrite each) and ``balanced`` (no
  canonical: per variant, one failing mutant of it and one more verified rewrite of it).

Usage::

    python benchmarks/rewrite_yield.py [--datasets humaneval,execir-py] [--n 8] [--seed 0]
        [--inputs 24] [--workers 2] [--limit 0] [--probe] [--distractors 4] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from execir.datasets import load_dataset  # noqa: E402
from execir.execution import Oracle  # noqa: E402
from execir.execution.outcomes import PASS  # noqa: E402
from execir.mutation import enumerate_mutants  # noqa: E402
from execir.mutation.rewrite import rewrite_variants  # noqa: E402
from execir.mutation.rewrite.equivalence import verify_variants  # noqa: E402
from execir.probes.tokens import code_tokens, ratio as _ratio  # noqa: E402


def similarity(a: str, b: str) -> float:
    return _ratio(code_tokens(a), code_tokens(b))


def medoid_correct(members: list[tuple[str, bool]]) -> tuple[bool, float]:
    """(is the textual medoid of ``members`` -- ``(code, correct)`` -- correct, chance of a
    correct pick); ties go to the first listed, so members are listed mutants first."""
    toks = [code_tokens(c) for c, _ in members]
    n = len(members)
    mean = [sum(_ratio(toks[i], toks[j]) for j in range(n) if j != i) / (n - 1) for i in range(n)]
    best = max(range(n), key=lambda i: (round(mean[i], 12), -i))
    return members[best][1], sum(ok for _, ok in members) / n


def failing(oracle: Oracle, task, codes: list[str], limit: int) -> list[str]:
    """The first ``limit`` of ``codes`` that fail at least one of the task's tests."""
    res = oracle.run([(c, list(task.tests)) for c in codes])
    return [c for c, r in zip(codes, res) if any(o != PASS for o in r.outcomes)][:limit]


def medoid_probes(task, mutants, kept, args, oracle) -> dict[str, tuple[bool, float]]:
    """(medoid is correct, chance) per family design (module docstring):

    * ``star``: the canonical, its kept variants, up to D failing single-edit mutants of it;
    * ``star_restyled``: the same with each mutant restyled by one rewrite;
    * ``balanced``: the canonical left out; for each of up to D kept variants v, one failing
      mutant of v and one more rewrite of v verified correct (each member one edit from v).
    """
    out: dict[str, tuple[bool, float]] = {}
    step = max(1, len(mutants) // (3 * args.distractors))
    bad = failing(oracle, task, [m.code for m in mutants[::step][:3 * args.distractors]],
                  args.distractors)
    if bad:
        correct = [(task.canonical, True)] + [(v.code, True) for v in kept]
        out["star"] = medoid_correct([(c, False) for c in bad] + correct)
        styled = []
        for j, code in enumerate(bad):
            again = rewrite_variants(code, entry_point=task.entry_point, n=1, seed=args.seed + j)
            styled.append(again[0].code if again else code)
        out["star_restyled"] = medoid_correct([(c, False) for c in styled] + correct)
    members: list[tuple[str, bool]] = []
    for j, v in enumerate(kept[:args.distractors]):
        ms = enumerate_mutants(v.code, entry_point=task.entry_point)
        if not ms:
            continue
        step = max(1, len(ms) // 3)
        m = failing(oracle, task, [x.code for x in ms[::step][:3]], 1)
        sib = rewrite_variants(v.code, entry_point=task.entry_point, n=2, seed=args.seed + j)
        ok = verify_variants(task.canonical, sib, task.tests, entry_point=task.entry_point,
                             oracle=oracle, inputs=args.inputs, seed=args.seed).kept
        if m and ok:
            members += [(m[0], False), (ok[0].code, True)]
    if len(members) >= 4:
        out["balanced"] = medoid_correct(members)
    return out


def run(dataset: str, args: argparse.Namespace, oracle: Oracle) -> dict:
    tasks = load_dataset(dataset)
    tasks = [t for t in tasks if t.language == "python"]
    if args.limit:
        tasks = tasks[:args.limit]
    counts = Counter()
    proposed, kept_ops, rejected_ops = Counter(), Counter(), Counter()
    reasons: list[dict] = []
    var_sim, mut_sim = [], []
    probes: dict[str, list] = {}
    t0 = time.time()
    for k, task in enumerate(tasks):
        variants = rewrite_variants(task.canonical, entry_point=task.entry_point, n=args.n,
                                    seed=args.seed)
        for v in variants:
            proposed.update(v.operators)
        result = verify_variants(task.canonical, variants, task.tests,
                                 entry_point=task.entry_point, oracle=oracle, inputs=args.inputs,
                                 seed=args.seed, query=task.query)
        for v in result.kept:
            kept_ops.update(v.operators)
            var_sim.append(similarity(task.canonical, v.code))
        for v, why in result.rejected:
            rejected_ops.update(v.operators)
            reasons.append({"task": task.task_id, "operators": list(v.operators), "reason": why,
                            "edits": [e.to_dict() for e in v.edits]})
        n_kept = len(result.kept)
        counts["tasks"] += 1
        counts["no_proposal"] += not variants
        for m in (1, 2, 4):
            counts[f">={m}"] += n_kept >= m
        counts["variants_proposed"] += len(variants)
        counts["variants_kept"] += n_kept
        mutants = enumerate_mutants(task.canonical, entry_point=task.entry_point)
        mut_sim += [similarity(task.canonical, m.code) for m in mutants]
        if args.probe and mutants:
            probe = medoid_probes(task, mutants, result.kept, args, oracle)
            for key, value in probe.items():
                probes.setdefault(key, []).append(value)
        if not args.quiet and (k + 1) % 20 == 0:
            print(f"  {dataset}: {k + 1}/{len(tasks)} tasks, {time.time() - t0:.0f} s",
                  file=sys.stderr)
    out = {
        "dataset": dataset, "tasks": counts["tasks"], "seconds": round(time.time() - t0, 1),
        "tasks_with_variants": {f">={m}": counts[f">={m}"] for m in (1, 2, 4)},
        "tasks_without_any_proposal": counts["no_proposal"],
        "variants": {"proposed": counts["variants_proposed"], "kept": counts["variants_kept"]},
        "operators": {op: {"proposed": proposed[op], "kept": kept_ops[op],
                           "in_rejected": rejected_ops[op]}
                      for op in sorted(proposed, key=lambda o: -proposed[o])},
        "similarity_to_canonical": {
            "variants_mean": round(statistics.mean(var_sim), 4) if var_sim else None,
            "variants_min": round(min(var_sim), 4) if var_sim else None,
            "mutants_mean": round(statistics.mean(mut_sim), 4) if mut_sim else None,
            "mutants_min": round(min(mut_sim), 4) if mut_sim else None,
        },
        "rejections": reasons,
    }
    if probes:
        out["medoid_probe"] = {
            design: {"families": len(values),
                     "medoid_correct": round(statistics.mean(v[0] for v in values), 4),
                     "chance": round(statistics.mean(v[1] for v in values), 4)}
            for design, values in probes.items()}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", default="humaneval")
    parser.add_argument("--n", type=int, default=8, help="variants proposed per task")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--inputs", type=int, default=24, help="differential inputs per task")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--limit", type=int, default=0, help="first N tasks only (0: all)")
    parser.add_argument("--probe", action="store_true", help="also run the medoid probe")
    parser.add_argument("--distractors", type=int, default=4)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    oracle = Oracle(workers=args.workers, cache=None, build_cache=None)
    report = [run(d.strip(), args, oracle) for d in args.datasets.split(",") if d.strip()]
    for r in report:
        summary = {k: v for k, v in r.items() if k != "rejections"}
        summary["rejections"] = len(r["rejections"])
        print(json.dumps(summary, indent=1))
        for rej in r["rejections"][:20]:
            print(f"  rejected {rej['task']} {rej['operators']}: {rej['reason']}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
