"""Every test file under tests/ is collected by the README's test command (``make test`` runs
``python -m pytest`` from the project root with pyproject's settings).

pytest's default ``norecursedirs`` skips folders named ``build``, ``dist``, ``.*`` and others
without a word; a test folder so named (as ``tests/build`` once was) would silently never run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def test_make_test_makes_a_module_fixture_once_on_two_workers(tmp_path) -> None:
    """``make test``'s schedule (``tests/conftest.py``): on two xdist workers, the tests that
    share a module-scoped fixture run on one worker, so it is made once (it was made once per
    worker while xdist 3.8 wrote its group names where pytest 9.2 does not read them), and a
    slow test starts first."""
    pytest.importorskip("xdist")
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: slow\n")
    log = tmp_path / "setups.txt"
    (tmp_path / "test_shared.py").write_text(
        "import os, time, pytest\n"
        "@pytest.fixture(scope='module')\n"
        "def heavy():\n"
        f"    with open({str(log)!r}, 'a') as fh:\n"
        "        fh.write(os.environ['PYTEST_XDIST_WORKER'] + '\\n')\n"
        "    time.sleep(0.5)\n"
        "    return 1\n"
        + "".join(f"def test_uses_{i}(heavy):\n    time.sleep(0.2)\n" for i in range(4))
        + "".join(f"def test_alone_{i}():\n    time.sleep(0.2)\n" for i in range(6)))
    (tmp_path / "test_slow.py").write_text(
        "import pytest\n@pytest.mark.slow\ndef test_first():\n    pass\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup",
                           "--no-loadscope-reorder", "-p", "no:cacheprovider", "-v"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert len(log.read_text().split()) == 1, done.stdout[-3000:]
    ran = [line.split("PASSED ", 1)[1].split()[0] for line in done.stdout.splitlines() if "PASSED " in line]
    assert len(ran) == 11
    assert sorted(t for t in ran if "test_uses_" in t) == [f"test_shared.py::test_uses_{i}@test_shared.py"
                                                           for i in range(4)]
    order = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=300).stdout.split()
    assert order[0] == "test_slow.py::test_first"  # the slow unit first, then collection order
