"""Rebuild execir-poly from its problem folders without the execution cache and compare every
file with the shipped release (issue 15: the release rebuilds byte for byte).

Every verdict is recomputed (canonicals and mutant candidates run in the sandbox again); compiled
programs may come from the build cache, which holds no verdicts.  Prints wall and CPU time and
the files that differ (none expected).

Usage::

    .venv/bin/python benchmarks/poly_rebuild.py --out /tmp/poly-rebuilt
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True, help="folder to build into (must not exist)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--version", default=None, help="shipped version to rebuild (default: the newest)")
    args = ap.parse_args(argv)

    from execir.construction.multitask import build_problem_release
    from execir.datasets.shipped import SHIPPED_MULTITASK
    from execir.execution import Oracle
    from execir.datasets.sources import folder_of

    version = args.version or list(SHIPPED_MULTITASK["execir-poly"])[-1]
    shipped = folder_of(f"execir-poly@{version}")
    t0 = time.perf_counter()
    manifest = build_problem_release(args.out, oracle=Oracle(cache=None, workers=args.workers), seed=0, version=version,
                          families=SHIPPED_MULTITASK["execir-poly"][version]["families"])
    wall = time.perf_counter() - t0
    cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
              for f in ("ru_utime", "ru_stime"))
    names = sorted(manifest["sha256"]) + ["manifest.json"]
    differ = [n for n in names if (args.out / n).read_bytes() != (shipped / n).read_bytes()]
    print(f"execir-poly rebuilt in {wall:.0f} s wall, {cpu:.0f} CPU-s (this process and its children); "
          f"{len(names)} files, differing from the shipped release: {differ or 'none'}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
