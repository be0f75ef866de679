"""Without ``--ray`` nothing changes: ``ray`` is never imported; ``$EXECIR_RAY_ADDRESS`` is read
like ``--ray``.  No cluster needed (and none reached: the address below refuses at once)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1] / "data" / "construction" / "good.jsonl"


def test_a_local_build_never_imports_ray(tmp_path):
    script = ("import sys\n"
              "from typer.testing import CliRunner\n"
              "from execir.cli.commands import app\n"
              f"r = CliRunner().invoke(app, ['build', 'tasks', '--path', {str(TASKS)!r}, '--out', "
              f"{str(tmp_path / 'rel')!r}, '--cache-dir', {str(tmp_path / 'c')!r}, '--quiet'])\n"
              "assert r.exit_code == 0, r.output\n"
              "print('ray' in sys.modules, 'execir.scale' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if k != "EXECIR_RAY_ADDRESS"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "False"]
    assert (tmp_path / "rel" / "manifest.json").is_file()


def test_the_address_variable_is_read_like_the_option(tmp_path):
    env = {**os.environ, "EXECIR_RAY_ADDRESS": "127.0.0.1:9"}
    done = subprocess.run([sys.executable, "-m", "execir.cli.commands", "evaluate", str(tmp_path / "rel"),
                           "--out", str(tmp_path / "out"), "--systems", "bm25", "--cache-dir",
                           str(tmp_path / "c")], capture_output=True, text=True, timeout=120,
                          env=env)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("execir: error: --ray 127.0.0.1:9: "), lines
    assert not (tmp_path / "out").exists()
