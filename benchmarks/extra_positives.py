"""Would more correct snippets per family close the probes' leak?  An experiment on a built
release: each task gets up to N extra positives, then the probe card is read again.

    python benchmarks/extra_positives.py RELEASE MODE [N] [SEEDS]

MODE ``eq``: verified-equivalent first-order mutants of the canonical (they pass every test and
answer like the canonical on the generated inputs of
:func:`execir.mutation.rewrite.equivalence.verify_variants`), which carry the mutation
operators' own edits; ``rw``: semantics-preserving rewrites of the canonical
(:func:`execir.mutation.rewrite.rewrite_variants`), verified the same way.  The extra
positives are added in memory only (nothing is written) and are appended after the release's
snippets, so the id and file-order rows of the card say nothing here.  Only the families' other
members are as the release built them: the experiment does not restyle hard negatives.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
import time

from execir.execution import Oracle
from execir.mutation import enumerate_mutants
from execir.mutation.rewrite.equivalence import verify_variants
from execir.mutation.rewrite.variants import Variant, rewrite_variants
from execir.probes.card import probe_card
from execir.probes.family import families_of, load_source


def extra_positives(bench, oracle: Oracle, mode: str, per_task: int) -> tuple[dict, dict, dict]:
    """``(corpus, qrels, counts)`` of ``bench`` with up to ``per_task`` extra positives a task."""
    corpus, qrels = dict(bench.corpus), {q: dict(r) for q, r in bench.qrels.items()}
    first_query = {}
    for q in bench.queries.values():
        first_query.setdefault(q.task_id, q.query_id)
    counts = {"eq": 0, "rw": 0}
    for tid, task in bench.tasks.items():
        found = []
        if mode == "eq":
            mutants = enumerate_mutants(task.canonical, entry_point=task.entry_point)
            results = oracle.run([(m.code, list(task.tests)) for m in mutants])
            found = [Variant(m.code, ()) for m, r in zip(mutants, results)
                     if all(o == "pass" for o in r.outcomes)]
        elif mode == "rw":
            found = rewrite_variants(task.canonical, entry_point=task.entry_point, n=per_task,
                                     seed=0)
        if found:
            found = list(verify_variants(task.canonical, found, task.tests,
                                         entry_point=task.entry_point, oracle=oracle,
                                         query=task.query).kept)
        found.sort(key=lambda v: hashlib.sha256(v.code.encode()).hexdigest())
        canon = next(s for s in bench.corpus.values() if s.task_id == tid and s.kind == "canonical")
        for v in found[:per_task]:
            sid = f"{canon.snippet_id}-x{hashlib.sha256(v.code.encode()).hexdigest()[:8]}"
            corpus[sid] = dataclasses.replace(canon, snippet_id=sid, code=v.code)
            qrels[first_query[tid]][sid] = 2
            counts[mode] += 1
    return corpus, qrels, counts


def main(argv: list[str]) -> int:
    release, mode = argv[0], argv[1]
    per_task = int(argv[2]) if len(argv) > 2 else 1
    seeds = int(argv[3]) if len(argv) > 3 else 2
    if mode not in ("eq", "rw"):
        raise SystemExit("MODE must be eq or rw")
    bench = load_source(release)
    start = time.monotonic()
    corpus, qrels, counts = extra_positives(bench, Oracle(), mode, per_task)
    print(f"added {counts[mode]} positives in {time.monotonic() - start:.0f} s")
    fams = families_of(dataclasses.replace(bench, corpus=corpus, qrels=qrels))
    for seed in range(seeds):
        card = probe_card(fams, seed=seed)
        print(f"seed {seed}, chance {card['probes'][0]['chance']:.3f}: " +
              " ".join(f"{r['probe']} {r['lift']:+.3f}" for r in card["probes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
