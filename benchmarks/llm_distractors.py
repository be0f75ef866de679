"""LLM distractors beside mutation distractors on the same tasks (issue 26): what each kind keeps,
how often MiniLM is deceived by each bug type, MiniLM exec@1, and the probe card's worst lift.

Both releases are built with ``execir build`` from the same tasks and settings, once with
``--distractors mutation`` and once with ``--distractors llm --llm URL?model=NAME``; each is
scored with ``execir evaluate --systems minilm``.  ``--scripted`` serves the test suite's
scripted chat server on 127.0.0.1 (``tests/generate/chat_server.py``: operator swaps, a
``return ... + 1``, a refusal, a truncation and a re-indentation per task) -- it exercises the
path, it is not a language model, so its numbers say nothing about real LLM bugs.

Usage (from the repository root)::

    python benchmarks/llm_distractors.py --scripted [--tasks 40] [--families star] [--work DIR]
    python benchmarks/llm_distractors.py --llm http://127.0.0.1:8000/v1?model=NAME [--tasks 40]

Prints one Markdown table (rows: the two kinds) and writes ``summary.json`` in ``--work``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _execir(*args: str, env: dict) -> None:
    done = subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"execir {' '.join(args)} failed:\n{done.stderr[-2000:]}")


def _tasks(n: int, folder: Path) -> Path:
    from execir.datasets import load_dataset

    path = folder / "tasks.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for task in load_dataset("humaneval")[:n]:
            fh.write(json.dumps(task.to_dict()) + "\n")
    return path


def _card(release: Path, env: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "execir.cli.commands", "probe", str(release), "--json", "--margin", "1"],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"execir probe {release} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def _summary(release: Path, results: Path, env: dict) -> dict:
    report = json.loads((release / "build_report.json").read_text())
    board = json.loads((results / "leaderboard.json").read_text())
    (row,) = [r for r in board["systems"] if r["system"] == "minilm"]
    exec1 = row["metrics"]["exec@1"]
    deception = json.loads((results / "analyses" / "deception_by_type.json").read_text())
    card = _card(release, env)
    worst = max(card["probes"], key=lambda r: r["lift"], default=None)
    return {"queries": board["n_queries"], "planted": report["planted"]["total"],
            "mutants": report["mutants"]["total"], "generation": report.get("generation"),
            "exec@1": [exec1["value"], exec1.get("ci_low"), exec1.get("ci_high")],
            "deception_by_type": deception, "worst_probe": worst and [worst["probe"], worst["lift"]]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llm")
    ap.add_argument("--scripted", action="store_true")
    ap.add_argument("--tasks", type=int, default=40)
    ap.add_argument("--families", default="star")
    ap.add_argument("--work", type=Path)
    args = ap.parse_args()
    if bool(args.llm) == bool(args.scripted):
        raise SystemExit("give --llm URL?model=NAME or --scripted")
    work = args.work or Path(tempfile.mkdtemp(prefix="llm-distractors-"))
    work.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, EXECIR_CACHE_DIR=str(work / "cache"), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    tasks = _tasks(args.tasks, work)
    with contextlib.ExitStack() as stack:
        llm = args.llm
        if args.scripted:
            sys.path.insert(0, str(ROOT))
            from tests.generate.chat_server import ChatServer

            llm = f"{stack.enter_context(ChatServer()).url}?model=scripted"
        out = {}
        for kind in ("mutation", "llm"):
            release, results = work / f"rel-{kind}", work / f"res-{kind}"
            extra = ["--llm", llm] if kind == "llm" else []
            _execir("build", "tasks", "--path", str(tasks), "--out", str(release), "--families", args.families,
                    "--no-probe-gate", "--distractors", kind, *extra, "--quiet", env=env)
            _execir("evaluate", str(release), "--systems", "minilm", "--out", str(results), "--quiet", env=env)
            out[kind] = _summary(release, results, env)
    (work / "summary.json").write_text(json.dumps(out, indent=2, sort_keys=True))
    print("| distractors | queries | planted | MiniLM exec@1 [95% CI] | deceived (MiniLM) | worst probe (lift) |")
    print("|---|---|---|---|---|---|")
    for kind, s in out.items():
        e, lo, hi = s["exec@1"]
        d = s["deception_by_type"]["overall_all_types"]
        probe = f"{s['worst_probe'][0]} ({s['worst_probe'][1]:+.3f})" if s["worst_probe"] else "-"
        print(f"| {kind} | {s['queries']} | {s['planted']} | {e:.3f} [{lo:.3f}, {hi:.3f}] | "
              f"{d['deceived']}/{d['n']} = {d['rate']:.3f} | {probe} |")
    print("\n| type | " + " | ".join(f"{k} deceived" for k in out) + " |\n|---|" + "---|" * len(out))
    types = sorted({t for s in out.values() for t in s["deception_by_type"]["by_type"]})
    for t in types:
        cells = [s["deception_by_type"]["by_type"].get(t) for s in out.values()]
        print(f"| {t} | " + " | ".join(f"{c['deceived']}/{c['n']}" if c else "-" for c in cells) + " |")
    print(f"\nsummary (deception by type, generation counts): {work / 'summary.json'}")


if __name__ == "__main__":
    main()
