"""Compile and run cost of the oracle's non-Python runners, with a cold and a warm artefact cache.

For each language with a toolchain here it takes the first ``--tasks`` canonical solutions of
HumanEval-X (``../shared/data/humaneval-x``; Ruby, which HumanEval-X lacks, from MBXP's
``mbrbp``), each with its full test, and runs them on ``--workers`` fresh sandbox workers
(default 1, so the figures are per pair, not throughput) with no outcome cache:

* **first pair**: fresh workers and an empty build cache -- worker start, the language's prelude
  (its harness and stand-in libraries, built once per worker), one compile and the test run;
* **cold**: the other pairs with an empty build cache (compile + run), seconds per pair;
* **warm**: the same pairs again, every archive now in the build cache (no compile), per pair;
* **test CPU**: median CPU seconds of one test run (``SuiteResult.durations``).

Skips cleanly (exit 0) when ../shared/data is absent or a toolchain is missing.

    python benchmarks/bench_languages.py [--tasks 8] [--workers 1] [--languages cpp,java,...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import tempfile
import time
from pathlib import Path

from execir.execution import Limits, Oracle, languages
from execir.execution.pool import shared_pool

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SOURCES = {"cpp": "humaneval-x/cpp/humaneval_cpp.jsonl.gz",
           "java": "humaneval-x/java/humaneval_java.jsonl.gz",
           "javascript": "humaneval-x/js/humaneval_js.jsonl.gz",
           "go": "humaneval-x/go/humaneval_go.jsonl.gz",
           "rust": "humaneval-x/rust/humaneval_rust.jsonl.gz",
           "ruby": "mbxp/mbrbp_release_v1.2.jsonl"}


def load_pairs(language: str, n: int) -> list[tuple[str, list[str]]] | None:
    path = DATA / SOURCES[language]
    if not path.is_file():
        return None
    opener = gzip.open if path.suffix == ".gz" else open
    pairs = []
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            if language == "go":
                pairs.append((r["prompt"] + r["canonical_solution"], [r["test_setup"] + r["test"]]))
            elif language == "rust":
                pairs.append((r["declaration"] + r["canonical_solution"], [r["test"]]))
            elif language == "ruby":
                if not r.get("canonical_solution"):
                    continue
                pairs.append((r["prompt"] + r["canonical_solution"], ["\n" + r["test"]]))
            else:
                pairs.append((r["prompt"] + r["canonical_solution"], [r["test"]]))
            if len(pairs) == n:
                break
    return pairs


def bench(language: str, pairs, workers: int) -> dict:
    limits = Limits(timeout=30.0)
    shared_pool().close()  # fresh workers: the prelude is built again
    with tempfile.TemporaryDirectory() as builds:
        oracle = Oracle(limits=limits, workers=workers, build_cache=builds)
        start = time.perf_counter()
        first = oracle.run(pairs[:1], language=language)
        first_s = time.perf_counter() - start
        start = time.perf_counter()
        cold = oracle.run(pairs[1:], language=language)
        cold_s = (time.perf_counter() - start) / max(1, len(pairs) - 1)
        start = time.perf_counter()
        warm = oracle.run(pairs[1:], language=language)
        warm_s = (time.perf_counter() - start) / max(1, len(pairs) - 1)
        archive = sum(p.stat().st_size for p in Path(builds).rglob("*.art")) / max(1, len(pairs))
    results = first + cold
    cpu = [d for r in results + warm for d in r.durations]
    return {"language": language, "pairs": len(pairs),
            "passed": sum(r.passed for r in results), "first_s": first_s, "cold_s": cold_s,
            "warm_s": warm_s, "test_cpu_s": statistics.median(cpu) if cpu else 0.0,
            "archive_kb": archive / 1024, "same": [r.outcomes for r in cold] == [r.outcomes for r in warm],
            "toolchain": languages.toolchain(language).version}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--languages", default="cpp,java,go,rust,javascript,ruby")
    args = parser.parse_args()
    rows = []
    for language in args.languages.split(","):
        language = languages.canonical(language)
        if languages.toolchain(language, warn=False) is None:
            print(f"skip {language}: no toolchain")
            continue
        pairs = load_pairs(language, args.tasks)
        if not pairs:
            print(f"skip {language}: {DATA / SOURCES[language]} not present")
            continue
        rows.append(bench(language, pairs, args.workers))
        print(json.dumps(rows[-1]), flush=True)
    if not rows:
        return
    print("\n| language | toolchain | pairs passed | first pair (prelude + compile + run) | "
          "cold: compile + run / pair | warm: run / pair | test CPU (median) | archive |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['language']} | {r['toolchain']} | {r['passed']}/{r['pairs']} | "
              f"{r['first_s']:.2f} s | {r['cold_s']:.2f} s | {r['warm_s']:.3f} s | "
              f"{r['test_cpu_s'] * 1000:.0f} ms | {r['archive_kb']:.0f} KB |")


if __name__ == "__main__":
    main()
