"""The idle-vs-loaded build check, repeated: does machine load ever change a v2 release?

    python benchmarks/idle_vs_loaded.py [--dataset humaneval] [--runs 20] [--hogs N] [--work DIR]
                                        [--reference DIR]

The repeated form of ``tests/test_reliability.py::test_humaneval_build_is_the_same_idle_and_with_every_core_busy``
(issue 24's goal: it passes 20 runs in a row).  One build on the machine as it is gives the
reference (``--reference``: a release folder built so earlier, reused); then each run builds the same release again (``--no-cache``, a fresh cache folder,
so every suite is executed again) while ``--hogs`` busy-loop processes (default: one per core,
at least two) hold every core, and compares every release file, ``build_report.json``
included, byte for byte with the reference.  Hogs are stopped by PID.

Prints one line per run (seconds, files that differ) and a summary; exit code 0 when every run
is byte-identical to the reference.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FILES = ("corpus.jsonl", "qrels/test.tsv", "tasks.jsonl", "queries.jsonl", "labels.jsonl",
         "build_report.json", "manifest.json", "probe_card.json")


def build(dataset: str, out: Path, cache: Path) -> tuple[dict[str, bytes], float]:
    """Build ``dataset`` into ``out`` with an empty cache; the release files' bytes and the wall
    seconds.  Raises ``SystemExit`` naming the build's stderr when it fails."""
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1")
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", dataset, "--out", str(out),
                           "--quiet", "--no-cache"], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"build {dataset} failed (exit {proc.returncode}): {proc.stderr.strip()}")
    return {rel: (out / rel).read_bytes() for rel in FILES if (out / rel).exists()}, seconds


def loaded_build(dataset: str, work: Path, run: int, hogs: int) -> tuple[dict[str, bytes], float]:
    """One build while ``hogs`` busy loops run; the loops are killed by PID however it ends."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(hogs)]
    try:
        return build(dataset, work / f"run-{run}", work / f"cache-{run}")
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="humaneval")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--hogs", type=int, default=max(2, os.cpu_count() or 2))
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one)")
    parser.add_argument("--reference", type=Path, default=None,
                        help="a release of --dataset built earlier with --no-cache (default: build one now)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="execir-idle-loaded-"))
    work.mkdir(parents=True, exist_ok=True)
    if args.reference is not None:
        reference = {rel: (args.reference / rel).read_bytes() for rel in FILES if (args.reference / rel).exists()}
        print(f"reference: {args.reference}, {len(reference)} files", flush=True)
    else:
        reference, seconds = build(args.dataset, work / "reference", work / "cache-reference")
        print(f"reference: {seconds:.1f} s, load {os.getloadavg()[0]:.1f}, {len(reference)} files", flush=True)
    same = 0
    for run in range(1, args.runs + 1):
        got, seconds = loaded_build(args.dataset, work, run, args.hogs)
        differ = sorted(rel for rel in set(reference) | set(got) if reference.get(rel) != got.get(rel))
        same += not differ
        print(f"run {run}/{args.runs}: {seconds:.1f} s with {args.hogs} hogs, "
              f"load {os.getloadavg()[0]:.1f}: {'identical' if not differ else 'DIFFERS: ' + ', '.join(differ)}",
              flush=True)
        for folder in (work / f"run-{run}", work / f"cache-{run}"):  # --no-cache may leave no cache folder
            if folder.exists():
                shutil.rmtree(folder)
    print(f"{same} of {args.runs} loaded builds of {args.dataset} byte-identical to the reference")
    if args.work is None:
        shutil.rmtree(work)
    return 0 if same == args.runs else 1


if __name__ == "__main__":
    raise SystemExit(main())
