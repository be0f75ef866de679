"""Does ``pip install execir`` fit into an environment that already has other versions? (issue 53 item 6)

pyproject.toml declares compatible ranges and constraints.txt the exact versions CI runs.  For each
scenario below -- an environment that already holds mteb, another torch, another transformers --
this asks pip, in a scratch virtualenv, to resolve execir together with those packages held at
their versions (``pip install --dry-run``: nothing is installed) and reports whether it resolves and
whether any held package would move.  The old exact pins (torch==2.13.0, transformers==5.24.0 ...)
fail every scenario but the first.

Usage (needs PyPI; about a minute per scenario)::

    python benchmarks/resolve_check.py [--python python3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: name -> the packages an existing environment holds (exact versions that differ from constraints.txt)
SCENARIOS = {
    "constraints.txt (CI)": [],
    # what `pip install mteb` alone gave here on 2026-12-07
    "mteb already installed": ["mteb==2.26.24", "torch==2.14.1", "transformers==5.25.0",
                               "sentence-transformers==6.3.0"],
    "another torch": ["torch==2.14.1"],
    "another transformers": ["transformers==5.0.0", "sentence-transformers==6.0.0"],
    "mteb + another transformers": ["mteb==2.26.24", "transformers==5.13.1"],
}


def resolve(pip: Path, held: list[str], report: Path) -> tuple[bool, str, dict[str, str]]:
    """Dry-run ``pip install -e ROOT *held`` (with constraints.txt only for the CI scenario);
    returns (resolved, pip's last error line, name -> version pip chose)."""
    extra = [] if held else ["-c", str(ROOT / "constraints.txt")]
    cmd = [str(pip), "install", "--dry-run", "--quiet", "--report", str(report), *extra, "-e", str(ROOT), *held]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "ERROR" in line or "conflict" in line.lower()]
        return False, (errors[-1] if errors else done.stderr.strip().splitlines()[-1]), {}
    chosen = {i["metadata"]["name"].lower(): i["metadata"]["version"] for i in json.loads(report.read_text())["install"]}
    return True, "", chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([args.python, "-m", "venv", str(venv)], check=True)
        pip = venv / "bin" / "pip"
        print("| environment holds | resolves | held versions kept | torch / transformers / sentence-transformers chosen |")
        print("|---|---|---|---|")
        failed = 0
        for name, held in SCENARIOS.items():
            ok, error, chosen = resolve(pip, held, Path(tmp) / "report.json")
            kept = all(chosen.get(h.split("==")[0].lower(), "").split("+")[0] == h.split("==")[1] for h in held)
            picks = " / ".join(chosen.get(p, "-") for p in ("torch", "transformers", "sentence-transformers"))
            print(f"| {name} | {'yes' if ok else 'no: ' + error} | {'yes' if ok and kept else 'no'} | {picks} |")
            failed += not (ok and kept)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
