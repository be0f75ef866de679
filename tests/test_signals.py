"""SIGINT and SIGTERM end a command with one line and exit 130 / 143; no worker is left behind
(issue 24, item 2)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from execir.cli.errors import INTERRUPTED


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _sigint_not_ignored() -> None:
    """In the child before exec: SIGINT back to the default. A shell starts background jobs
    with SIGINT ignored (``cmd &``), Python then keeps it ignored, and this test, run from such
    a job, sent a signal nobody heard."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="needs /proc/PID/task/PID/children")
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_mid_run_ends_with_one_line(tmp_path, sig, code):
    (tmp_path / "code.py").write_text("def f():\n    while True:\n        pass\n")
    (tmp_path / "tests.json").write_text('["assert f() == 1"]')
    env = dict(os.environ, EXECIR_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.Popen([sys.executable, "-m", "execir.cli.commands", "exec", "code.py", "tests.json",
                             "--timeout", "120"], cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_sigint_not_ignored)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while not workers and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert workers, "the command started no sandbox worker"
        time.sleep(1.0)  # the worker is running the endless test now
        os.kill(proc.pid, sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    name = signal.Signals(sig).name
    assert proc.returncode == code, err
    assert err.splitlines() == [INTERRUPTED.format(name=name)]
    assert out == ""
    deadline = time.monotonic() + 30
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "a sandbox worker outlived the command"


def test_a_previous_handler_not_set_from_python_is_restored_as_the_default(monkeypatch):
    """``signal.signal`` returns ``None`` for a handler installed from C; restoring ``None``
    would raise TypeError, so the default is restored instead."""
    import signal as signal_module

    from execir.cli import errors as cli_errors

    calls = []

    def fake(sig, handler):
        calls.append((sig, handler))
        return None

    monkeypatch.setattr(cli_errors.signal, "signal", fake)
    with cli_errors._sigterm_raises():
        pass
    assert calls == [(signal_module.SIGTERM, cli_errors._terminate),
                     (signal_module.SIGTERM, signal_module.SIG_DFL)]
