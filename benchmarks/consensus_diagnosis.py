"""Where execution-consensus reranking loses exec@1, and what the first stage allows (issue 16).

For one release and MiniLM's top ``--depth`` (128) per query this prints:

* **family@1**: the share of queries whose top-ranked snippet belongs to the query's own task
  (its canonical or one of its planted mutants), before and after consensus reranking.  A
  reranker that only re-orders within the top-ranked task's candidates cannot pass this ceiling;
* for consensus (``execir.rerank.consensus`` with its default settings; ``--no-exec`` skips it),
  every query classed as a hit or one miss kind:
  ``wrong family`` (another task's snippet ranked first),
  ``tie`` (the top snippet is one of the task's mutants and behaves exactly like the passing
  snippet on every derived input: nothing tells them apart without the tests),
  ``outvoted`` (the passing snippet is told apart, but two of the task's mutants behave exactly
  alike and so outvote it), ``weak agreement`` (told apart, no two mutants alike: each mutant
  changes the output on most inputs, so agreement is thin and the retrieval weights decide);
* the **textual medoid** -- not a method but a check of the benchmark's construction: among the
  candidates of the top-ranked snippet's signature (same function name and arity), the one whose
  token sequence is on average most similar to the others' (difflib ratio; ties: retrieval
  order).  Planted distractors are single edits of the canonical, so the
  canonical is their textual centre; a high figure here measures how much a reranker could gain
  from that artefact alone, without running anything or reading the query.

Usage::

    .venv/bin/python benchmarks/consensus_diagnosis.py --release /path/to/mbpp-release
    .venv/bin/python benchmarks/consensus_diagnosis.py --dataset execir-py --no-exec
    .venv/bin/python benchmarks/consensus_diagnosis.py --dataset execir-py \\
        --first-stage trained:MODEL --held-out MODEL      # a trained first stage, its held-out tasks
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import time
import tokenize
from collections import Counter

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def tokens(code: str) -> list[str]:
    """Python tokens of ``code`` (comments, layout and the end marker dropped); the raw
    whitespace-split text when it does not tokenize."""
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(code).readline)
                if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                                  tokenize.DEDENT, tokenize.ENDMARKER)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return code.split()


def medoid_top(candidates, corpus, signature):
    """The textual medoid of the top candidate's signature group (see the module docstring)."""
    sig = signature(corpus[candidates[0][0]])
    group = [(sid, s) for sid, s in candidates if sig is not None and signature(corpus[sid]) == sig]
    if len(group) < 2:
        return candidates[0][0]
    toks = {sid: tokens(corpus[sid]) for sid, _ in group}

    def value(i):
        return sum(difflib.SequenceMatcher(None, toks[i], toks[j], autojunk=False).ratio()
                   for j, _ in group if j != i)

    return min(group, key=lambda x: (-round(value(x[0]), 9), -x[1], x[0]))[0]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="execir-py", help="a shipped release (execir-py, humaneval)")
    ap.add_argument("--release", help="a release folder (e.g. `execir build mbpp ...`)")
    ap.add_argument("--depth", type=int, default=128)
    ap.add_argument("--no-exec", action="store_true", help="skip consensus (family@1 and the medoid only)")
    ap.add_argument("--first-stage", default="minilm", help="the retriever whose top --depth is reranked "
                    "(e.g. trained:FOLDER)")
    ap.add_argument("--held-out", help="a trained model's folder: only the held-out tasks of its card")
    args = ap.parse_args(argv)

    from execir.execution import Oracle
    from execir.formats.files import load_benchmark
    from execir.rerank.consensus import ConsensusReranker, ConsensusSettings, consensus_order
    from execir.mutation.call_inputs import entry_function
    from execir.retrieval.factory import make_retriever

    if args.release:
        path = args.release
    else:
        from execir.datasets.shipped import shipped_release

        path = str(shipped_release(args.dataset))
    bench = load_benchmark(path)
    if args.held_out:
        import json
        from pathlib import Path

        from execir.rerank.examples import subset

        card = json.loads((Path(args.held_out) / "execir_card.json").read_text())
        bench = subset(bench, card["split"]["held_out_tasks"], name=f"{bench.name}[held-out]")
    queries = {q: x.text for q, x in bench.queries.items()}
    corpus = {s: x.code for s, x in bench.corpus.items()}
    run = make_retriever(args.first_stage, quiet=True).search(queries, corpus, args.depth)
    n = len(run)

    def task_of(q):
        return bench.queries[q].task_id

    def passes(q, sid):
        return bench.qrels[q].get(sid, 0) >= 2

    def family(q, sid):
        return bench.corpus[sid].task_id == task_of(q)

    sigs: dict[str, object] = {}

    def signature(code):
        if code not in sigs:
            fn = entry_function(code)
            sigs[code] = None if fn is None else fn.signature
        return sigs[code]

    print(f"{bench.name}: {n} queries, {len(corpus)} snippets, {args.first_stage} top {args.depth}")
    print(f"  first stage      exec@1 {sum(passes(q, run[q][0][0]) for q in run) / n:.3f}  "
          f"family@1 {sum(family(q, run[q][0][0]) for q in run) / n:.3f}")
    t0 = time.perf_counter()
    med = {q: medoid_top(run[q], corpus, signature) for q in run}
    print(f"  textual medoid   exec@1 {sum(passes(q, med[q]) for q in run) / n:.3f}  "
          f"family@1 {sum(family(q, med[q]) for q in run) / n:.3f}  ({time.perf_counter() - t0:.1f} s; "
          "no execution, query unused: the construction artefact)")
    if args.no_exec:
        return
    settings = ConsensusSettings()
    reranker = ConsensusReranker(Oracle(quiet=True), settings)
    t0 = time.perf_counter()
    beh = reranker.behaviours(queries, corpus, run, args.depth)
    spent = time.perf_counter() - t0
    kinds: Counter = Counter()
    top1 = {}
    for q in run:
        order = consensus_order(run[q][:args.depth], beh[q], temperature=settings.temperature,
                                documented=settings.documented)
        top = top1[q] = order[0][0]
        if passes(q, top):
            kinds["hit"] += 1
            continue
        if not family(q, top):
            kinds["wrong family"] += 1
            continue
        good = [s for s, _ in run[q] if passes(q, s) and family(q, s)]
        bc, bm = (beh[q].get(good[0]) if good else None), beh[q].get(top)
        if bc is None or bm is None or bc.group is None:
            kinds["passing snippet not run / not retrieved"] += 1
            continue
        if bc.outputs == bm.outputs:
            kinds["tie"] += 1
            continue
        mutants = [s for s, _ in run[q][:args.depth] if family(q, s) and not passes(q, s)
                   and s in beh[q] and beh[q][s].group == bc.group]
        shared = any(beh[q][a].outputs == beh[q][b].outputs for i, a in enumerate(mutants) for b in mutants[i + 1:])
        kinds["outvoted (two mutants behave alike)" if shared else "weak agreement (retrieval weight decides)"] += 1
    print(f"  consensus        exec@1 {kinds['hit'] / n:.3f}  family@1 {sum(family(q, top1[q]) for q in run) / n:.3f}"
          f"  ({spent:.0f} s executing, {spent / n:.2f} s/query)")
    for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"    {kind:42s} {count:5d}  {count / n:.3f}")


if __name__ == "__main__":
    main()
