"""Regenerate the measured tables of the execir-py data card (``docs/datasets/execir-py.md``).

Runs every canonical and every single-edit mutant of the built-in dataset through the oracle (one
``run_many`` batch, the same measurement as ``tests/datasets/test_execir_py.py``), then rewrites the
part of the card between ``<!-- card-tables:begin -->`` and ``<!-- card-tables:end -->`` with:
domain counts, tests per task, mutants and planted distractors per mutation type, mutation-score
distribution, distractors per task, and the most similar query pairs (TF-IDF cosine, from
``execir_py_similarity.py``).

Usage: ``python benchmarks/execir_py_card.py [--check] [--no-cache] [--workers N]``
(``--check`` prints the tables and exits 1 if the card is out of date instead of writing it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from execir.construction.report import mutation_score
from execir.datasets import load_dataset
from execir.datasets.builtin import DOMAINS
from execir.execution import default_cache, run_many
from execir.mutation import (INVALID, KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, SIX_TYPES, SURVIVED,
                             VerifiedMutant, enumerate_mutants, select_distractors)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from execir_py_similarity import DEFAULT_THRESHOLD, similar_pairs  # noqa: E402

CARD = Path(__file__).resolve().parents[1] / "docs" / "datasets" / "execir-py.md"
BEGIN = "<!-- card-tables:begin -->"
END = "<!-- card-tables:end -->"
#: Same per-suite CPU budget as the data-gate test.
SUITE_BUDGET = 0.25
SCORE_BUCKETS = ((0.0, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.0))


def measure(tasks, *, workers: int | None, cache) -> dict[str, tuple[tuple[str, ...], list]]:
    """task_id -> (canonical outcomes, [VerifiedMutant]) from one run_many batch."""
    mutants = [enumerate_mutants(t.canonical, entry_point=t.entry_point) for t in tasks]
    jobs = []
    for t, ms in zip(tasks, mutants):
        jobs.append((t.canonical, t.tests))
        jobs.extend((m.code, t.tests) for m in ms)
    results = run_many(jobs, workers=workers, timeout=SUITE_BUDGET, cache=cache, progress=True)
    out, pos = {}, 0
    for t, ms in zip(tasks, mutants):
        verified = [VerifiedMutant(m, results[pos + 1 + i].outcomes, i) for i, m in enumerate(ms)]
        out[t.task_id] = (results[pos].outcomes, verified)
        pos += 1 + len(ms)
    return out


def _table(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines + [""]


def render(tasks, measured, pairs) -> str:
    """The markdown between the card markers (deterministic for fixed inputs)."""
    lines: list[str] = []
    by_domain = Counter(t.domain for t in tasks)
    tests_by_domain = Counter()
    for t in tasks:
        tests_by_domain[t.domain] += len(t.tests)
    lines.append(f"### Tasks per domain ({len(tasks)} tasks, "
                 f"{sum(len(t.tests) for t in tasks)} tests)\n")
    lines += _table(["domain", "tasks", "tests", "tests / task"],
                    [[d, by_domain[d], tests_by_domain[d],
                      f"{tests_by_domain[d] / by_domain[d]:.2f}" if by_domain[d] else "-"]
                     for d in DOMAINS])

    per_task = Counter(len(t.tests) for t in tasks)
    lines.append("### Tests per task\n")
    lines += _table(["tests", "tasks"], [[n, per_task[n]] for n in sorted(per_task)])

    status_by_type: dict[str, Counter] = {t: Counter() for t in SIX_TYPES}
    chosen_by_type = Counter()
    n_chosen = Counter()
    scores = []
    canonical_fail = 0
    for t in tasks:
        outcomes, verified = measured[t.task_id]
        canonical_fail += not outcomes or any(o != "pass" for o in outcomes)
        for v in verified:
            status_by_type[v.mutant.mutation_type][v.status] += 1
        chosen = select_distractors(verified, seed=0, key=t.task_id)
        n_chosen[len(chosen)] += 1
        chosen_by_type.update(v.mutant.mutation_type for v in chosen)
        score = mutation_score(verified)
        scores.append(0.0 if score is None else score)

    total_mutants = sum(sum(c.values()) for c in status_by_type.values())
    lines.append(f"### Mutants and planted distractors per mutation type ({total_mutants} mutants "
                 f"enumerated; distractors chosen with seed 0)\n")
    rows = []
    for mt in SIX_TYPES:
        c = status_by_type[mt]
        rows.append([mt, sum(c.values()), c[KILLED_WRONG_OUTPUT], c[KILLED_CRASH_ONLY], c[SURVIVED],
                     c[INVALID], chosen_by_type[mt]])
    rows.append(["**all**", total_mutants,
                 *[sum(status_by_type[mt][s] for mt in SIX_TYPES)
                   for s in (KILLED_WRONG_OUTPUT, KILLED_CRASH_ONLY, SURVIVED, INVALID)],
                 sum(chosen_by_type.values())])
    lines += _table(["mutation type", "mutants", "wrong output", "crash only", "survived",
                     "invalid", "planted"], rows)

    lines.append("### Distractors per task\n")
    lines += _table(["distractors", "tasks"], [[k, n_chosen[k]] for k in sorted(n_chosen, reverse=True)])

    lines.append(f"### Mutation score per task (killed / (killed + survived)); "
                 f"median {statistics.median(scores):.3f}, min {min(scores):.3f}, "
                 f"mean {statistics.fmean(scores):.3f}\n")
    rows = []
    for lo, hi in SCORE_BUCKETS:
        last = hi == 1.0
        n = sum(1 for s in scores if lo <= s and (s < hi or (last and s <= hi)))
        rows.append([f"[{lo:.1f}, {hi:.1f}{']' if last else ')'}", n])
    rows.append(["= 1.0", sum(1 for s in scores if s == 1.0)])
    lines += _table(["score", "tasks"], rows)
    lines.append(f"Canonicals failing a test: {canonical_fail}.\n")

    lines.append(f"### Most similar query pairs (TF-IDF cosine, threshold {DEFAULT_THRESHOLD})\n")
    domain = {t.entry_point: t.domain for t in tasks}
    lines += _table(["cosine", "task A", "task B"],
                    [[f"{p['cosine']:.3f}", f"`{p['a']}` ({domain[p['a']]})",
                      f"`{p['b']}` ({domain[p['b']]})"] for p in pairs])
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)

    tasks = load_dataset("execir-py")
    start = time.perf_counter()
    measured = measure(tasks, workers=args.workers, cache=None if args.no_cache else default_cache())
    elapsed = time.perf_counter() - start
    pairs = similar_pairs([t.query for t in tasks], [t.entry_point for t in tasks], args.top)
    body = render(tasks, measured, pairs)
    print(body)
    print(f"[oracle time {elapsed:.1f} s]", file=sys.stderr)

    text = CARD.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        print(f"{CARD}: markers {BEGIN} / {END} not found", file=sys.stderr)
        return 2
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n\n{body}\n{END}{tail}"
    if args.check:
        return 0 if new == text else 1
    if new != text:
        CARD.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
