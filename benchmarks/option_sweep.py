"""The bad-input and bad-option sweep (issue 24): every option of every command with a wrong
type, an out-of-range value, a missing file or a file of the wrong kind, plus unknown options,
commands and stray arguments.  Each case must exit with code 2 and print exactly one stderr line
``execir: error: ...`` naming the option, argument or value at fault; no traceback, no rich
panel, and no work done (no ``--out`` written, no release built).

    python benchmarks/option_sweep.py [--jobs 2] [--json]

The commands and their parameters come from click's view of the Typer app
(``typer.main.get_command``), so a new command or option is swept without editing this file (an
int/float option must say below whether execir checks a range for it).  Here every case runs as
its own ``python -m execir.cli.commands`` process in a fresh folder and cache; ``tests/test_option_sweep.py``
runs the same cases in-process (Typer's test runner) in ``make test``.  Prints the figures:
cases, passed, exit code other than 2, more than one line, tracebacks, boxed errors, work done.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import typer

from execir.cli.commands import app

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "data" / "e2e" / "tasks.jsonl"
BOX = ("╭", "│", "╰", "─")

#: Ranges that execir checks up front (click-declared min/max are read from the option itself).
UPFRONT_OUT_OF_RANGE = {
    "--seed": "-1", "--workers": "0", "--timeout": "0", "--memory": "1",
    "--held-out": "1.5", "--epochs": "0", "--batch-size": "0", "--max-length": "0",
    "--mine-depth": "0", "--eval-depth": "0", "--max-train-queries": "0", "--learning-rate": "0",
    "--head-learning-rate": "0", "--scale": "0",
    "--probe-margin": "1.5", "--margin": "2",
}
#: int/float options without a range (none today: every number execir takes is bounded).
UNBOUNDED: set[str] = set()
#: string options that take one of a fixed set of values (a bad one is refused before any work).
CHOICES = {"--device", "--format", "--match-negatives", "--language", "--compare", "--dataset",
           "--families", "--query"}
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
        ("train-retriever",): ["--dataset", "tasks", "--path", str(FIXTURE), "--out", out],
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
    cases += _wrong_kind_cases()
    for group in GROUPS:
        cases.append((f"{' '.join(group) or 'execir'} unknown command", group, ["no-such-command"],
                      "no-such-command"))
    return cases


#: input paths that get files of the wrong kind: (command, parameter name) -> values skipped
WRONG_KIND_INPUTS = {
    ("build",): {"--path": (), "--from-repo": ()}, ("run",): {"--path": ()},
    ("train-reranker",): {"--path": (), "--release": (), "--base": ()},
    ("train-retriever",): {"--path": (), "--release": (), "--base": ()},
    ("models",): {"--registry": ()}, ("compare",): {"results": ()},
    ("evaluate",): {"release": ()}, ("probe",): {"release": ()},
    ("report",): {"results": ()}, ("reproduce",): {"results": ()},
    ("exec",): {"code_file": ("empty.txt",), "tests_file": ()},
}
#: what a wrong-kind input is: an empty folder, random bytes, an empty file (see :func:`prepare`)
WRONG_KINDS = ("empty-dir", "binary.bin", "empty.txt")
#: outputs given a regular file
OUTPUT_OPTIONS = ("--out", "--cache-dir")


def prepare(tmp: Path) -> None:
    """The files the cases name, in ``tmp`` (the case's folder)."""
    (tmp / "code.py").write_text("def f():\n    return 1\n")
    (tmp / "tests.txt").write_text("assert f() == 1\n")
    (tmp / "empty-dir").mkdir(exist_ok=True)
    (tmp / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (tmp / "empty.txt").write_bytes(b"")
    (tmp / "a-file").write_text("not a folder\n")


def _wrong_kind_cases() -> list:
    """Every input path given an empty folder, random bytes and an empty file; every output
    folder given a regular file."""
    cases = []
    for path, cmd in COMMANDS:
        name = " ".join(path)
        for param in cmd.params:
            label = param.name if param.param_type_name == "argument" else param.opts[0]
            for kind in WRONG_KINDS:
                if label in WRONG_KIND_INPUTS.get(path, {}) and \
                        kind not in WRONG_KIND_INPUTS[path][label]:
                    value = f"{{tmp}}/{kind}"
                    if param.param_type_name == "argument":
                        case = ["<replace>", param.name, value]
                    else:
                        case = [label, value]
                    cases.append((f"{name} {label} {kind}", path, case, kind))
            if label in OUTPUT_OPTIONS:
                cases.append((f"{name} {label} a file", path, [label, "{tmp}/a-file"], "a-file"))
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




def run_case(case: tuple, env: dict[str, str]) -> dict:
    """One case as its own ``python -m execir.cli.commands`` process in a fresh folder: what it did."""
    case_id, path, args, names = case
    with tempfile.TemporaryDirectory(prefix="execir-sweep-") as tmp_name:
        tmp = Path(tmp_name)
        prepare(tmp)
        argv = [a.replace("{tmp}", str(tmp)) for a in _argv(path, args, tmp)]
        proc = subprocess.run([sys.executable, "-m", "execir.cli.commands", *argv], capture_output=True,
                              text=True, cwd=tmp, timeout=300,
                              env=dict(env, EXECIR_CACHE_DIR=str(tmp / "cache")))
        lines = [line for line in proc.stderr.splitlines() if line.strip()]
        names = (names,) if isinstance(names, str) else names
        return {
            "case": case_id, "exit": proc.returncode, "lines": len(lines),
            "traceback": "Traceback" in proc.stderr + proc.stdout,
            "boxed": any(c in proc.stderr + proc.stdout for c in BOX),
            "named": bool(lines) and any(n in lines[0] for n in names),
            "work": (tmp / "out").exists() or (tmp / "cache" / "releases").exists(),
            "first_line": lines[0] if lines else "",
        }


def figures(results: list[dict]) -> dict:
    """The sweep's counts (a case passes: exit 2, one ``execir: error:`` line naming the fault,
    no traceback, no box, no work)."""
    ok = [r for r in results if r["exit"] == 2 and r["lines"] == 1 and r["named"]
          and r["first_line"].startswith("execir: error: ") and not r["traceback"]
          and not r["boxed"] and not r["work"]]
    return {"cases": len(results), "passed": len(ok),
            "exit_not_2": sum(r["exit"] != 2 for r in results),
            "more_than_one_line": sum(r["lines"] != 1 for r in results),
            "tracebacks": sum(r["traceback"] for r in results),
            "boxed": sum(r["boxed"] for r in results),
            "fault_not_named": sum(not r["named"] for r in results),
            "work_done": sum(r["work"] for r in results),
            "failing": [r for r in results if r not in ok]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once")
    parser.add_argument("--json", action="store_true", help="every case's result as JSON")
    args = parser.parse_args(argv)
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", COLUMNS="100")
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda c: run_case(c, env), CASES))
    counts = figures(results)
    if args.json:
        print(json.dumps(results, indent=1))
    for r in counts["failing"]:
        print(f"FAILED {r['case']}: exit {r['exit']}, {r['lines']} line(s): {r['first_line']}")
    print(", ".join(f"{k.replace('_', ' ')} {v}" for k, v in counts.items() if k != "failing"))
    return 0 if not counts["failing"] else 1


if __name__ == "__main__":
    sys.exit(main())
