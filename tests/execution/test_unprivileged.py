"""The sandbox as an unprivileged user: no uid switch, isolation through a user namespace.

The rest of the suite runs as whoever runs pytest (root in CI, so children switch to a sandbox uid).
This test starts a separate evaluator as ``nobody`` with the system Python, so the non-root path
(``unshare(CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWNS)``, capabilities dropped in the worker) is
exercised too. Skips unless run as root with ``setpriv`` and a system Python that ``nobody`` can use.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
NOBODY = 65534
SCRIPT = r'''
import json, sys, types
src = sys.argv[1]
for name, sub in (("execir", "execir"), ("execir.execution", "execir/execution")):
    m = types.ModuleType(name); m.__path__ = [src + "/" + sub]; sys.modules[name] = m
from execir.execution.limits import Limits
from execir.execution.oracle import run_many
from execir.execution.pool import shared_pool
ok = "def f(x):\n    return x + 1\n"
tests = ["assert f(1) == 2", "assert f(1) == 3", "import os; os._exit(3)", "while True: pass",
         f"open({sys.argv[2]!r}, 'a').write('x')",
         "import socket; socket.create_connection(('127.0.0.1', 9), timeout=1)",
         "import os; assert os.getuid() != 0 or os.geteuid() != 0"]
jobs = [(ok, [t]) for t in tests]
results = run_many(jobs, workers=2, limits=Limits(timeout=1.0, wall_factor=4.0, wall_slack=2.0))
print(json.dumps({"features": shared_pool().features(),
                  "outcomes": [r.outcomes[0] for r in results]}))
'''


def _system_python() -> str | None:
    for candidate in ("/usr/bin/python3", "/usr/local/bin/python3"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def _as_nobody(*argv: str, cwd: str) -> subprocess.CompletedProcess:
    return subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                           *argv], capture_output=True, text=True, timeout=120, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_sandbox_as_an_unprivileged_user():
    python = _system_python()
    if os.geteuid() != 0 or shutil.which("setpriv") is None or python is None:
        pytest.skip("needs root, setpriv and a system python3")
    work = tempfile.mkdtemp(prefix="execir-nobody-")
    try:
        os.chmod(work, 0o755)
        script = Path(work) / "run.py"
        script.write_text(SCRIPT)
        canary = Path(work) / "canary.txt"
        canary.write_text("untouched")
        os.chmod(canary, 0o666)  # writable by nobody: only the read-only mount view protects it
        probe = _as_nobody(python, "-c", f"import os, sys; assert sys.version_info >= (3, 10); "
                                         f"os.listdir({str(SRC)!r})", cwd=work)
        if probe.returncode != 0:
            pytest.skip(f"nobody cannot use {python} with {SRC}: {probe.stderr.strip()[-200:]}")
        proc = _as_nobody(python, "-s", str(script), str(SRC), str(canary), cwd=work)
        assert proc.returncode == 0, proc.stderr[-2000:]
        report = json.loads(proc.stdout.strip().splitlines()[-1])
        features = report["features"]
        assert features["uid_switch"] is False
        outcomes = report["outcomes"]
        assert outcomes[:4] == ["pass", "FAIL", "FAIL:SystemExit", "TIMEOUT"]
        assert outcomes[6] == "pass"
        if features["mountns"]:
            # /tmp is a private tmpfs inside the worker's mount namespace: the file is not there
            assert outcomes[4] in ("FAIL:FileNotFoundError", "FAIL:OSError", "FAIL:PermissionError")
            assert canary.read_text() == "untouched"
        if features["netns"]:
            assert outcomes[5].startswith("FAIL:")  # no route out of an empty network namespace
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_root_of_a_user_namespace_that_maps_one_uid_runs_without_a_uid_switch(tmp_path):
    """``unshare -r`` (root inside, one uid mapped, as in rootless containers): the sandbox uid
    does not exist there, so the worker must not switch to it (it did, and every pair crashed
    the worker with ``OSError: [Errno 22]`` from ``chown``)."""
    probe = subprocess.run(["unshare", "-r", "true"], capture_output=True)
    if shutil.which("unshare") is None or probe.returncode != 0:
        pytest.skip("cannot make a user namespace here")
    code, tests = tmp_path / "add.py", tmp_path / "add.json"
    code.write_text("def add(a, b):\n    return a + b\n")
    tests.write_text('["assert add(1, 2) == 3", "assert add(1, 1) == 3"]')
    proc = subprocess.run(["unshare", "-r", sys.executable, "-m", "execir.cli.commands", "exec",
                           str(code), str(tests), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["outcomes"] == ["pass", "FAIL"], proc.stdout


def test_uid_mapped_reads_the_namespace_map(tmp_path):
    from execir.execution.sandbox import _uid_mapped

    one = tmp_path / "one"
    one.write_text("         0       1000          1\n")
    full = tmp_path / "full"
    full.write_text("         0          0 4294967295\n")
    assert not _uid_mapped(2_000_000_123, str(one))
    assert _uid_mapped(0, str(one)) and not _uid_mapped(1, str(one))
    assert _uid_mapped(2_000_000_123, str(full))
    assert _uid_mapped(2_000_000_123, str(tmp_path / "missing"))  # no user namespaces: no map
