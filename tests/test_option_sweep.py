"""Every command, every typed option, every required argument: a bad value is one line.

The commands and their parameters come from click's view of the Typer app
(``typer.main.get_command``), so a new command or option is swept without editing this file (an
int/float option must say below whether execir checks a range for it).  Every case fails at parse
time or in the up-front option checks: no command does real work here.  Each must exit with code
2 and print exactly one stderr line ``execir: error: ...`` that names the option, argument or
value at fault; no traceback, no rich panel.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from execir.cli import app

FIXTURE = Path(__file__).resolve().parent / "data" / "e2e" / "tasks.jsonl"
BOX = ("╭", "│", "╰", "─")

#: Ranges that execir checks up front (click-declared min/max are read from the option itself).
UPFRONT_OUT_OF_RANGE = {
    "--seed": "-1", "--workers": "0", "--timeout": "0", "--memory": "1",
    "--held-out": "1.5", "--epochs": "0", "--batch-size": "0", "--max-length": "0",
    "--mine-depth": "0", "--eval-depth": "0", "--max-train-queries": "0", "--learning-rate": "0",
    "--probe-margin": "1.5", "--margin": "2",
}
#: int/float options without a range (none today: every number execir takes is bounded).
UNBOUNDED: set[str] = set()
#: string options that take one of a fixed set of values (a bad one is refused before any work).
CHOICES = {"--device", "--format", "--match-negatives", "--language", "--compare", "--dataset",
           "--families"}
#: options naming retrieval systems (an unknown name is refused before any work).
SYSTEM_NAMES = {"--systems", "--retriever"}
#: path options that must name an existing file or folder.
MUST_EXIST = {"--path", "--registry", "--release", "--base"}


def _commands(group, path=()):
    for name in sorted(group.commands):
        cmd = group.commands[name]
        if hasattr(cmd, "commands"):
            yield path + (name,), cmd, True
            yield from _commands(cmd, path + (name,))
        else:
            yield path + (name,), cmd, False


ROOT = typer.main.get_command(app)
COMMANDS = [(path, cmd) for path, cmd, is_group in _commands(ROOT) if not is_group]
GROUPS = [()] + [path for path, _, is_group in _commands(ROOT) if is_group]


def _base(path: tuple[str, ...], tmp: Path) -> list[str]:
    """Arguments under which each command parses (the case's arguments come after them)."""
    code, tests = tmp / "code.py", tmp / "tests.txt"
    out = str(tmp / "out")
    return {
        ("run",): ["--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25", "--out", out],
        ("evaluate",): [str(tmp / "release"), "--systems", "bm25", "--out", out],
        ("exec",): [str(code), str(tests)],
        ("build",): ["tasks", "--path", str(FIXTURE), "--out", out],
        ("export",): ["execir-py", "--out", out],
        ("compare",): [str(tmp / "results")],
        ("reproduce",): [str(tmp / "results")],
        ("report",): [str(tmp / "results")],
        ("train-reranker",): ["--dataset", "tasks", "--path", str(FIXTURE), "--out", out],
        ("probe",): ["humaneval"],
    }.get(path, [])


def _annotation(param) -> type:
    return param.type_descriptor.annotation


def _cases():
    """``(id, command path, case arguments, what the line must name)``; ``{tmp}`` is replaced."""
    cases = []
    for path, cmd in COMMANDS:
        name = " ".join(path)
        cases.append((f"{name} unknown option", path, ["--no-such-option"], "--no-such-option"))
        arguments = [p for p in cmd.params if p.param_type_name == "argument"]
        if not arguments:
            cases.append((f"{name} extra argument", path, ["stray"], "stray"))
        for param in cmd.params:
            if param.param_type_name == "argument":
                if param.required:
                    cases.append((f"{name} {param.name} missing", path, ["<omit>", param.name],
                                  param.name.upper()))
                    cases.append((f"{name} {param.name} no such file", path,
                                  ["<replace>", param.name, "{tmp}/no-such-thing"], "no-such-thing"))
                continue
            opt = param.opts[0]
            if getattr(param, "is_flag", False):
                cases.append((f"{name} {opt}=value", path, [f"{opt}=yes"], opt))
                continue
            cases.append((f"{name} {opt} without value", path, [opt], opt))
            kind = _annotation(param)
            if kind in (int, float):
                cases.append((f"{name} {opt} x", path, [opt, "x"], opt))
                if kind is int:
                    cases.append((f"{name} {opt} 1.5", path, [opt, "1.5"], opt))
                lo, hi = getattr(param, "min", None), getattr(param, "max", None)
                if lo is not None:
                    cases.append((f"{name} {opt} below {lo}", path, [opt, str(lo - 1)], opt))
                if hi is not None:
                    cases.append((f"{name} {opt} above {hi}", path, [opt, str(hi + 1)], opt))
                if lo is None and hi is None:
                    assert opt in UPFRONT_OUT_OF_RANGE or opt in UNBOUNDED, \
                        f"{name} {opt}: say whether execir checks a range for it"
                    if opt in UPFRONT_OUT_OF_RANGE:
                        cases.append((f"{name} {opt} out of range", path,
                                      [opt, UPFRONT_OUT_OF_RANGE[opt]], opt))
            elif opt in CHOICES:
                cases.append((f"{name} {opt} bogus", path, [opt, "bogus"], (opt, "bogus")))
            elif opt in SYSTEM_NAMES:
                cases.append((f"{name} {opt} unknown system", path, [opt, "no-such-model"],
                              "no-such-model"))
            elif kind is Path and opt in MUST_EXIST:
                cases.append((f"{name} {opt} no such file", path, [opt, "{tmp}/no-such-thing"],
                              "no-such-thing"))
    for group in GROUPS:
        cases.append((f"{' '.join(group) or 'execir'} unknown command", group, ["no-such-command"],
                      "no-such-command"))
    return cases


CASES = _cases()


def _argv(path, case, tmp: Path) -> list[str]:
    base = _base(path, tmp)
    if case[0] == "<omit>" or case[0] == "<replace>":
        cmd = dict(COMMANDS)[path]
        positions = [p.name for p in cmd.params if p.param_type_name == "argument"]
        index = positions.index(case[1])
        args = base[:len(positions)]
        rest = base[len(positions):]
        if case[0] == "<omit>":
            args = args[:index]  # click reports the first missing argument
        else:
            args[index] = case[2]
        return list(path) + args + rest
    return list(path) + base + case


@pytest.mark.parametrize("case_id, path, case, names", CASES, ids=[c[0] for c in CASES])
def test_bad_value_is_one_line_exit_2(tmp_path, monkeypatch, case_id, path, case, names):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "code.py").write_text("def f():\n    return 1\n")
    (tmp_path / "tests.txt").write_text("assert f() == 1\n")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in _argv(path, case, tmp_path)]
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
            "reproduce", "report", "train-reranker", "cache stats", "cache clear"} <= names
    assert len(CASES) > 150
