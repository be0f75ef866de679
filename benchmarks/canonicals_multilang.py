"""Which HumanEval-X and MBXP canonical solutions pass here, per language (issue 14, item 4).

Loads each language through execir's adapters (``execir.datasets.load_dataset("humaneval-x" |
"mbxp", folder, language=...)``), checks gates 1-2 as ``execir build`` does, and runs every
canonical against its tests through the Oracle under the build's default limits (or
``--timeout``), with the default outcome and artefact caches (so a second run reads them).
Prints one JSON line per language (``passed``/``tasks``, gate-2 rejections, each failure with its
outcomes and the first line of its output) and a table.  Compare with the counts in
``../shared/data/<dataset>/PROVENANCE.md``.

Skips (exit 0) a dataset whose folder is absent and a language without a toolchain.

    python benchmarks/canonicals_multilang.py [--only humaneval-x:cpp,mbxp:ruby] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from execir.construction.gates import check_ast, check_schema
from execir.datasets import DATASET_LANGUAGES, load_dataset
from execir.execution import Limits, Oracle, languages

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def first_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[0][:160] if lines else ""


def measure(dataset: str, language: str, oracle: Oracle) -> dict:
    tasks = load_dataset(dataset, DATA / dataset, language=language)
    rejected = {r.task_id: r.reason for r in check_schema(tasks)}
    rejected.update({r.task_id: r.reason for t in tasks if t.task_id not in rejected
                     for r in check_ast(t)})
    live = [t for t in tasks if t.task_id not in rejected]
    start = time.perf_counter()
    results = oracle.run([(t.canonical, t.tests) for t in live], language=language)
    seconds = time.perf_counter() - start
    failures = []
    for task, res in zip(live, results):
        if not res.passed:
            detail = oracle.without_cache().run_suite(task.canonical, task.tests,
                                                      language=language, capture=True)
            failures.append({"task_id": task.task_id, "outcomes": list(res.outcomes),
                             "output": first_line(detail.output)})
    return {"dataset": dataset, "language": language, "tasks": len(tasks),
            "passed": sum(r.passed for r in results), "gate2_rejected": rejected,
            "failures": failures, "seconds": round(seconds, 1),
            "toolchain": languages.toolchain(language, warn=False).version}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="dataset:language pairs, comma-separated")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=None)
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.only.split(",") if p] or \
        [(d, lang) for d in ("humaneval-x", "mbxp") for lang in DATASET_LANGUAGES[d]]
    limits = Limits() if args.timeout is None else Limits(timeout=args.timeout)
    rows = []
    with Oracle(limits=limits, workers=args.workers, cache="default") as oracle:
        for dataset, language in pairs:
            if not (DATA / dataset).is_dir():
                print(f"skip {dataset}: {DATA / dataset} is not present")
                continue
            if languages.toolchain(language, warn=False) is None:
                print(f"skip {dataset}:{language}: no toolchain")
                continue
            rows.append(measure(dataset, language, oracle))
            print(json.dumps(rows[-1]), flush=True)
    print("\n| dataset | language | toolchain | canonicals passing | gate 2 | failing |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        fails = ", ".join(f["task_id"] for f in r["failures"]) or "-"
        print(f"| {r['dataset']} | {r['language']} | {r['toolchain']} | {r['passed']}/{r['tasks']}"
              f" | {', '.join(r['gate2_rejected']) or '-'} | {fails} |")


if __name__ == "__main__":
    main()
