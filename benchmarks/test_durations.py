"""Where `make test`'s time goes: the slowest tests of one or two pytest runs (issue 51 item 3).

Each run is a JUnit XML file (``pytest --junitxml FILE``); a test's time is its setup, call and
teardown together (pytest's XML ``time``).  With two files the second column is the other run's
time for the same test, so a before/after table reads off directly.

    python -m pytest --junitxml before.xml                    # serial
    python -m pytest -n 2 --dist loadgroup --no-loadscope-reorder --junitxml after.xml
    python benchmarks/test_durations.py before.xml after.xml --top 20
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from pathlib import Path


def durations(path: Path) -> dict[str, float]:
    """Test node id (without an xdist ``@group`` suffix) -> seconds, from a JUnit XML file."""
    out: dict[str, float] = {}
    for case in ET.parse(path).iter("testcase"):
        module = case.get("classname", "").replace(".", "/")
        name = case.get("name", "")
        if name.rfind("@") > name.rfind("]"):  # xdist's group suffix (never inside a parameter id)
            name = name.rsplit("@", 1)[0]
        out[f"{module}.py::{name}"] = out.get(f"{module}.py::{name}", 0.0) + float(case.get("time", 0))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", type=Path, nargs="+", help="one or two JUnit XML files")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    runs = [durations(p) for p in args.runs[:2]]
    for p, r in zip(args.runs, runs):
        suite = ET.parse(p).getroot()
        suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
        print(f"{p.name}: {len(r)} tests, wall {float(suite.get('time', 0)):.0f} s, "
              f"test time summed {sum(r.values()):.0f} s")
    header = "| s | " + ("other run s | " if len(runs) > 1 else "") + "test |"
    print(header)
    print("|---|" + ("---|" if len(runs) > 1 else "") + "---|")
    for test, s in sorted(runs[0].items(), key=lambda kv: -kv[1])[:args.top]:
        other = f" {runs[1].get(test, float('nan')):.1f} |" if len(runs) > 1 else ""
        print(f"| {s:.1f} |{other} `{test}` |")


if __name__ == "__main__":
    main()
