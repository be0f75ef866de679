"""Same outputs before and after a refactor (issue 52): ``execir run --systems bm25,minilm`` on
humaneval, execir-py and execir-poly from two source trees, every file of the results folders
compared byte for byte.

    # one results folder per dataset, from the source tree SRC (default: this checkout's src/)
    python benchmarks/house_bytes.py run --src SRC --out OUT
    # every file of BEFORE and AFTER: identical, or which differ
    python benchmarks/house_bytes.py compare BEFORE AFTER

Each run uses the cache root of the environment (``$EXECIR_CACHE_DIR`` or ``~/.cache/execir``), so
the second tree reads the releases and embeddings the first one wrote, as a user's second run
would.  A results folder names its own path (``config.json``); ``compare`` reads each folder's
path as ``<out>`` before comparing, and nothing else is normalised.  Exit status 1 when a file
differs or is missing on one side.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

DATASETS = ("humaneval", "execir-py", "execir-poly")
SYSTEMS = "bm25,minilm"
_MAIN = "import runpy; runpy.run_module('execir.cli', run_name='__main__')"


def run(src: Path, out: Path) -> int:
    """``execir run`` per dataset with ``src`` first on the path, each into ``out/<dataset>``."""
    env = dict(os.environ, PYTHONPATH=str(src), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    for dataset in DATASETS:
        start = time.perf_counter()
        # ``-c`` so that ``config.json``'s argv[0] reads the same for every source tree
        proc = subprocess.run([sys.executable, "-c", _MAIN, "run", "--dataset", dataset,
                               "--systems", SYSTEMS, "--out", str(out / dataset), "--quiet"],
                              env=env, capture_output=True, text=True)
        print(f"{dataset}: exit {proc.returncode} in {time.perf_counter() - start:.1f} s")
        if proc.returncode:
            print(proc.stderr, file=sys.stderr)
            return proc.returncode
    return 0


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes().replace(str(folder).encode(), b"<out>")
            for p in sorted(folder.rglob("*")) if p.is_file()}


def compare(before: Path, after: Path) -> int:
    """Print each dataset's count of identical files and every file that differs."""
    bad = 0
    for dataset in DATASETS:
        a, b = _files(before / dataset), _files(after / dataset)
        differ = sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))
        same = sum(1 for name in a.keys() & b.keys() if a[name] == b[name])
        print(f"{dataset}: {same} of {len(a.keys() | b.keys())} files identical")
        for name in differ:
            side = "missing after" if name not in b else "missing before" if name not in a else "differs"
            print(f"    {name}: {side}")
        bad += len(differ)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--src", type=Path, default=Path(__file__).resolve().parents[1] / "src")
    r.add_argument("--out", type=Path, required=True)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    return run(args.src, args.out) if args.command == "run" else compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
