"""Agreement with CoREB's reference evaluator (issue 15.5; not a test; figures in README.md).

execir's multitask scores (:mod:`execir.evaluation.multitask`) against
``coreb_runner.benchmark.evaluation.EvaluateRetrieval`` of ``coreb`` 0.1.0 (pytrec_eval,
relevance_level=2), per task, on the same CoREB-format folders and the same runs, c2c anchor
exclusion included.  The peer lives in a throwaway venv; this script installs nothing::

    python3 -m venv /tmp/coreb-venv
    /tmp/coreb-venv/bin/pip install --no-deps coreb==0.1.0
    /tmp/coreb-venv/bin/pip install pytrec-eval-terrier numpy
    .venv/bin/python benchmarks/compat_coreb.py [--peer-python /tmp/coreb-venv/bin/python]

(``pip install coreb==0.1.0 pytrec_eval`` does not work offline: ``pytrec_eval`` builds from
source and downloads trec_eval; ``coreb`` itself depends on ``pytrec-eval-terrier``, the wheel
above, and on torch, which ``--no-deps`` keeps out -- the driver stands a placeholder in for it.)

Releases scored:

* ``synthetic`` -- a seeded multitask release (all three tasks, six languages, failing programs,
  four hard-negative descriptions per problem, c2t match negatives, c2c anchors in the corpus);
* ``execir-py`` -- the shipped execir-py v1 release exported as CoREB text-to-code;
* ``execir-poly`` -- the built multitask release, when ``--poly FOLDER`` names one.

Systems: BM25 and a seeded random scorer whose scores tie often.  pytrec_eval breaks ties by
document id descending and execir by id ascending, so the runs handed to the peer carry
rank-derived scores (``len - rank``) in execir's order: both evaluate the very same lists.  The
peer rounds to 5 decimals, so agreement means |difference| <= 5e-6.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from execir.evaluation.evaluate import score_runs
from execir.formats.convert import release_as_multitask
from execir.formats.coreb import load_coreb, write_coreb_folder
from execir.formats.coreb_names import LANGUAGES, coreb_folder_query_id, subtask_name
from execir.records import CODE, TEXT, Benchmark, Query, Snippet
from execir.ranking import rank
from execir.retrieval.bm25 import BM25Retriever
from execir.retrieval.runs import search_all

HERE = Path(__file__).resolve().parent
PEER_KEYS = {"ndcg@10": ("ndcg", "NDCG@10"), "recall@10": ("recall", "Recall@10"),
             "ndcg@1": ("ndcg", "NDCG@1"), "recall@100": ("recall", "Recall@100"),
             "map@100": ("map", "MAP@100"), "precision@5": ("precision", "P@5"), "mrr@10": ("mrr", "MRR@10")}
TOL = 5e-6


def synthetic(n_problems: int = 30, seed: int = 0) -> Benchmark:
    """A seeded multitask release shaped like CoREB's (see the module docstring)."""
    rng = np.random.default_rng(seed)
    vocab = [f"w{i:03d}" for i in range(400)]
    docs: dict[str, Snippet] = {}
    queries: dict[str, Query] = {}
    qrels: dict[str, dict[str, int]] = {}
    counters: dict[str, int] = {}

    def words(pool, n):
        return " ".join(rng.choice(pool, size=n))

    def add_query(task, variant, language, text, problem, rel, **kw):
        name = subtask_name(task, variant, language)
        counters[name] = counters.get(name, 0) + 1
        qid = coreb_folder_query_id(task, variant, language, counters[name])
        queries[qid] = Query(qid, text, problem, direction=task, subtask=name, variant=variant, language=language, **kw)
        qrels[qid] = rel

    for p in range(n_problems):
        pid = f"syn_{p:03d}"
        own = list(rng.choice(vocab, size=12, replace=False))
        passing, failing = {}, []
        for lang in LANGUAGES:
            did = f"code_{pid}_{lang}"
            docs[did] = Snippet(did, f"{lang} {words(own, 20)} {words(vocab, 10)}", pid, "solution", lang, modality=CODE,
                                passed=True)
            passing[lang] = did
        for j in range(int(rng.integers(1, 4))):
            lang = LANGUAGES[int(rng.integers(len(LANGUAGES)))]
            did = f"code_{pid}_{lang}_fail{j}"
            docs[did] = Snippet(did, docs[passing[lang]].code + " w000", pid, "mutant", lang, modality=CODE, passed=False)
            failing.append(did)
        tid = f"text_{pid}"
        docs[tid] = Snippet(tid, words(own, 40), pid, "description", None, modality=TEXT, abbreviated=words(own, 12))
        negs = []
        for j in range(4):
            nid = f"text_{pid}_hn{j}"
            docs[nid] = Snippet(nid, f"{words(own, 15)} {words(vocab, 25)}", pid, "hard_negative", None, modality=TEXT)
            negs.append(nid)
        for variant in ("canonical_retro", "full_retro", "search"):
            text = {"canonical_retro": docs[tid].abbreviated, "full_retro": docs[tid].code}.get(variant, words(own, 4))
            for language in [None] + list(rng.choice(LANGUAGES, size=2, replace=False)):
                rel = {d: 1 for d in failing}
                for lang, did in passing.items():
                    rel[did] = 2 if language in (None, lang) else 1
                add_query("t2c", variant, language, text, pid, rel)
        anchor_lang = LANGUAGES[int(rng.integers(4))]
        anchor = passing[anchor_lang]
        rel = {d: 1 for d in failing}
        rel.update({d: 2 for lang, d in passing.items() if lang != anchor_lang})
        add_query("c2c", "cross_lang", None, docs[anchor].code, pid, rel, anchor_language=anchor_lang, anchor_id=anchor)
        for variant in ("canonical_retro", "full_retro"):
            add_query("c2t", variant, None, docs[anchor].code, pid, {tid: 2, **{n: 1 for n in negs}},
                      anchor_language=anchor_lang, anchor_id=anchor)
        label = int(rng.integers(2))
        add_query("c2t", "match", None, docs[anchor].code, pid,
                  {tid: 2, **{n: 1 for n in negs}} if label else {n: 1 for n in negs},
                  anchor_language=anchor_lang, anchor_id=anchor, label=label)
    return Benchmark("synthetic", queries, docs, qrels)


class RandomScorer:
    """Seeded scores rounded to one decimal, so ties are frequent."""

    name = "random-ties"

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def search(self, queries, corpus, k):
        ids = sorted(corpus)
        return {q: rank(dict(zip(ids, np.round(self.rng.random(len(ids)), 1).tolist())), k) for q in sorted(queries)}


def peer_runs(runs):
    """Rank-derived scores in execir's order (see the module docstring)."""
    return {s: {q: [[d, float(len(items) - r)] for r, (d, _) in enumerate(rank(items))] for q, items in run.items()}
            for s, run in runs.items()}


def compare(name: str, bench: Benchmark, runs, peer_python: str, work: Path) -> tuple[list[str], float]:
    folder = work / name
    write_coreb_folder(folder, bench)
    bench = load_coreb(folder, name=name)  # score what the peer reads
    (work / f"{name}_runs.json").write_text(json.dumps(peer_runs(runs)))
    out = work / f"{name}_peer.json"
    subprocess.run([peer_python, str(HERE / "coreb_peer_driver.py"), str(folder), str(work / f"{name}_runs.json"),
                    str(out)], check=True)
    peer = json.loads(out.read_text())["systems"]
    ev = score_runs(bench, runs, match_negatives="keep")
    tasks = np.array([bench.queries[q].direction for q in ev.query_ids])
    lines, worst = [], 0.0
    for system in runs:
        for task, row in peer[system].items():
            mask = tasks == task
            cells = []
            for key, (fam, pkey) in PEER_KEYS.items():
                ours = float(np.mean(ev.per_query[system][key][mask]))
                theirs = row[fam][pkey]
                worst = max(worst, abs(ours - theirs))
                cells.append(f"{key} {ours:.5f}/{theirs:.5f}")
            extra = ""
            if task == "c2c":
                kept = row["anchor_kept"]
                extra = f" | peer without anchor exclusion: nDCG@10 {kept['ndcg']['NDCG@10']:.5f} R@10 {kept['recall']['Recall@10']:.5f}"
            lines.append(f"{name:11s} {system:12s} {task} n={row['n_queries']:4d}  " + "  ".join(cells[:2]) + extra)
    return lines, worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer-python", default="/tmp/coreb-venv/bin/python")
    ap.add_argument("--poly", type=Path, help="a built execir-poly release folder (CoREB format)")
    ap.add_argument("--problems", type=int, default=30)
    args = ap.parse_args(argv)
    cases = []
    syn = synthetic(args.problems)
    cases.append(("synthetic", syn, {"bm25": search_all(syn, BM25Retriever()),
                                     "random-ties": search_all(syn, RandomScorer(1))}))
    from execir.datasets.shipped import shipped_release
    from execir.formats.files import load_benchmark
    py = release_as_multitask(load_benchmark(shipped_release("execir-py")))
    cases.append(("execir-py", py, {"bm25": search_all(py, BM25Retriever())}))
    if args.poly:
        poly = load_coreb(args.poly)
        cases.append(("execir-poly", poly, {"bm25": search_all(poly, BM25Retriever())}))
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="compat-coreb-") as tmp:
        print("release     system       task n      execir/peer")
        for name, bench, runs in cases:
            lines, w = compare(name, bench, runs, args.peer_python, Path(tmp))
            worst = max(worst, w)
            print("\n".join(lines))
    print(f"largest |execir - peer| over {len(PEER_KEYS)} metrics x tasks x systems: {worst:.2e} "
          f"({'agree' if worst <= TOL else 'DISAGREE'}, peer rounds to 5 decimals)")
    return 0 if worst <= TOL else 1


if __name__ == "__main__":
    sys.exit(main())
