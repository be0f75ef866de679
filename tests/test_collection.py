"""Every test file under tests/ is collected by the README's test command (``make test`` runs
``python -m pytest`` from the project root with pyproject's settings).

pytest's default ``norecursedirs`` skips folders named ``build``, ``dist``, ``.*`` and others
without a word; a test folder so named (as ``tests/build`` once was) would silently never run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _test_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")}


def _collected() -> set[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    files = set()  # "-q" (pyproject's addopts) twice prints one "path: count" line per file
    for line in done.stdout.splitlines():
        path, sep, count = line.rpartition(": ")
        if sep and count.strip().isdigit():
            files.add(path.strip())
    return files


def test_every_test_file_under_tests_is_collected() -> None:
    files = _test_files()
    assert "tests/construction/test_build.py" in files  # the folder that used to be skipped
    missing = sorted(files - _collected())
    assert not missing, f"test files pytest does not collect: {missing}"


def test_no_test_folder_has_a_name_pytest_skips() -> None:
    skipped = {"build", "dist", "node_modules", "venv", "CVS", "_darcs", "{arch}"}
    bad = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("*")
                 if p.is_dir() and (p.name in skipped or p.name.startswith(".") or p.name.endswith(".egg")))
    assert not bad, f"pytest's default norecursedirs skips these folders: {bad}"
