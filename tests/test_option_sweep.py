"""Every command, every typed option, every required argument: a bad value is one line (the
cases are ``benchmarks/option_sweep.py``'s, run here in-process).

The commands and their parameters come from click's view of the Typer app
(``typer.main.get_command``), so a new command or option is swept without editing this file (an
int/float option must say below whether execir checks a range for it).  Every case fails at parse
time or in the up-front option checks: no command does real work here.  Each must exit with code
2 and print exactly one stderr line ``execir: error: ...`` that names the option, argument or
value at fault; no traceback, no rich panel.
"""

from __future__ import annotations

import importlib.util

from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app


SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "option_sweep.py"
_spec = importlib.util.spec_from_file_location("execir_option_sweep_benchmark", SCRIPT)
sweep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweep)
CASES, COMMANDS, BOX = sweep.CASES, sweep.COMMANDS, sweep.BOX


@pytest.mark.parametrize("case_id, path, case, names", CASES, ids=[c[0] for c in CASES])
def test_bad_value_is_one_line_exit_2(tmp_path, monkeypatch, case_id, path, case, names):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    sweep.prepare(tmp_path)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in sweep._argv(path, case, tmp_path)]
    result = CliRunner().invoke(app, argv)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, (argv, result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("execir: error: "), (argv, result.output)
    assert "Traceback" not in result.output and not any(c in result.output for c in BOX)
    names = (names,) if isinstance(names, str) else names
    assert any(n in lines[0] for n in names), (argv, lines[0])
    assert not (tmp_path / "out").exists(), "the command did work"
    assert not (tmp_path / "cache" / "releases").exists(), "the command built or unpacked a release"


def test_the_sweep_covers_every_command():
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"run", "evaluate", "exec", "build", "export", "datasets", "models", "compare",
            "reproduce", "report", "train-reranker", "train-retriever", "cache stats", "cache clear"} <= names
    assert len(CASES) > 150
