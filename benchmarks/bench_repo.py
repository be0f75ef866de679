"""Benchmarks from real repositories (issue 27): `execir build --from-repo` on PyPI projects.

For each project (a PyPI sdist, downloaded with pip, unpacked into --work): a cold build
(`execir build --from-repo DIR --tests ...` with a fresh, empty cache folder), then `execir run
--dataset OUT --systems bm25,minilm`, and prints the figures the issue asks for: discovery counts
(functions, with docstrings, covered, kept), kill rate per mutation type, seconds per phase,
tasks released, the probe gate's worst lift, BM25 / MiniLM exec@1 with 95% CIs, and whether the
unpacked tree is byte-identical afterwards.

    python benchmarks/bench_repo.py --work /tmp/repo-bench                      # markdown, jinja2
    python benchmarks/bench_repo.py --work /tmp/repo-bench --projects more-itertools
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from execir.repo.repo_release import operator_kill_rates
from execir.repo.source import tree_digest

#: name -> (pinned sdist, folder inside it, pytest arguments)
PROJECTS = {
    "more-itertools": ("more-itertools==11.2.1", "more_itertools-11.2.1", "tests"),
    "pydash": ("pydash==8.1.0", "pydash-8.1.0", "-o addopts= --doctest-modules src tests"),
    "boltons": ("boltons==26.2.0", "boltons-26.2.0", "--doctest-modules boltons tests"),
    # test_apis.py imports PyYAML, which execir's environment lacks; test_legacy.py turns every warning into
    # an error when imported, so it is collected last
    "markdown": ("markdown==3.11.3", "markdown-3.11.3",
                 "tests/test_syntax tests/test_extensions.py tests/test_meta.py tests/test_legacy.py"),
    # the two async test files import trio, which execir's environment lacks
    "jinja2": ("jinja2==3.1.6", "jinja2-3.1.6",
               "tests --ignore=tests/test_async.py --ignore=tests/test_async_filters.py"),
}
#: the console script beside this interpreter (a venv's), so the benchmark need not be run with it on PATH
EXECIR = str(Path(sys.executable).with_name("execir"))
#: the two the issue's figures are for (more-itertools, boltons: fewer than 100 tasks; pydash:
#: refused by the probe gate)
DEFAULT = ("markdown", "jinja2")


def fetch(spec: str, folder: str, work: Path) -> Path:
    """Download and unpack one sdist (pip, PyPI); returns the unpacked tree."""
    tree = work / "src" / folder
    if tree.is_dir():
        return tree
    sdists = work / "sdists"
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    "-d", str(sdists), spec], check=True)
    archive = next(p for p in sdists.iterdir() if p.name.lower().startswith(folder.lower()))
    with tarfile.open(archive) as tar:
        tar.extractall(work / "src", filter="data")
    return tree


def bench(name: str, work: Path, workers: int | None) -> dict:
    spec, folder, tests = PROJECTS[name]
    tree = fetch(spec, folder, work)
    before, _ = tree_digest(tree)
    out, cache, res = work / f"{name}-release", work / f"{name}-cache", work / f"{name}-results"
    for folder in (out, cache, res):  # a cold build: nothing of an earlier run is reused
        if folder.exists():
            shutil.rmtree(folder)
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), EXECIR_PROGRESS="plain")
    cmd = [EXECIR, "build", "--from-repo", str(tree), "--tests", tests, "--out", str(out)]
    if workers:
        cmd += ["--workers", str(workers)]
    log = work / f"{name}-build.log"
    t0 = time.monotonic()
    with open(log, "w") as err:  # the build's progress lines, readable while it runs
        built = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    build_s = time.monotonic() - t0
    print(built.stdout, file=sys.stderr)
    row = {"project": spec, "build_exit": built.returncode, "build_s": round(build_s, 1),
           "phases_s": phases(log.read_text())}
    if built.returncode != 0:
        return row
    report = json.loads((out / "build_report.json").read_text())
    repo = report["repository"]
    row.update(discovery=repo["discovery"], tests=repo["tests"], released=report["tasks"]["released"],
               planted=report["planted"]["total"], kill_rates=operator_kill_rates(report),
               rejected=report["tasks"]["rejected"])
    card = report.get("probe_card", {}).get("probes", [])
    if card:
        worst = max(card, key=lambda p: p.get("lift", -1))
        row["worst_probe"] = {"probe": worst["probe"], "lift": worst.get("lift")}
    t1 = time.monotonic()
    ran = subprocess.run([EXECIR, "run", "--dataset", str(out), "--systems", "bm25,minilm", "--out", str(res),
                          "--quiet"], env=env, capture_output=True, text=True)
    row["run_s"] = round(time.monotonic() - t1, 1)
    if ran.returncode == 0:
        board = json.loads((res / "leaderboard.json").read_text())
        row["exec@1"] = {r["system"]: [round(r["metrics"]["exec@1"][k], 3) for k in ("value", "ci_low", "ci_high")]
                         for r in board["systems"]}
    else:
        row["run_error"] = (ran.stderr or ran.stdout)[-500:]
    row["tree_unchanged"] = tree_digest(tree)[0] == before
    return row


_DONE = re.compile(r"^(.+?)(?: \([\d,]+ \w+\))?: done, (?:[\d,]+ )?in (\d+):(\d\d):(\d\d)$")


_DISCOVERY = re.compile(r"^discovery: \d+ functions, .*; (\d+) s$")


def phases(log: str) -> dict[str, int]:
    """Seconds per stage name, summed, from the build's plain progress lines
    (``<stage> (<n> pairs): done, <n> in H:MM:SS``), and the discovery's (its summary line)."""
    out: dict[str, int] = {}
    for line in log.splitlines():
        found = _DISCOVERY.match(line.strip())
        if found:
            out["discovery"] = int(found.group(1))
        m = _DONE.match(line.strip())
        if m:
            name, h, mi, sec = m.group(1), *map(int, m.groups()[1:])
            out[name] = out.get(name, 0) + 3600 * h + 60 * mi + sec
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", type=Path, required=True, help="Folder for sdists, trees, releases, caches.")
    ap.add_argument("--projects", default=",".join(DEFAULT), help="Comma-separated: " + ", ".join(PROJECTS))
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    rows = [bench(name, args.work.resolve(), args.workers) for name in args.projects.split(",")]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
