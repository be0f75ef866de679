"""README cannot drift from the program: every command line of its Usage block names a command
that exists and only options that command takes (issue 24, item 6); the lines that are cheap to
run are run by other tests (``tests/test_house.py``, ``tests/test_e2e.py``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import typer.main

from execir.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"


def usage_lines() -> list[list[str]]:
    """The ``execir ...`` commands of README's Usage block, as argument lists (comments and
    ``[optional]`` brackets removed; ``a | b`` gives two commands)."""
    text = README.read_text()
    block = re.search(r"## Usage\n\n```\n(.*?)```", text, re.S).group(1)
    out = []
    for line in block.splitlines():
        code = re.split(r"\s+#\s", line, maxsplit=1)[0].replace("[", " ").replace("]", " ")
        for part in code.split(" | "):
            words = shlex.split(part)
            if words and words[0] == "execir":
                out.append(words[1:])
    return out


def _resolve(words: list[str]):
    cmd = typer.main.get_command(app)
    path = []
    while hasattr(cmd, "commands") and words and words[0] in cmd.commands:
        path.append(words[0])
        cmd = cmd.commands[words.pop(0)]
    return cmd, path


def test_the_usage_block_has_the_commands():
    lines = usage_lines()
    assert len(lines) >= 25
    assert {" ".join(_resolve(list(w))[1]) for w in lines} >= {
        "run", "build", "evaluate", "exec", "cache stats", "cache prune", "probe", "export"}


def test_every_usage_line_names_a_command_and_its_options():
    for words in usage_lines():
        cmd, path = _resolve(list(words))
        assert not hasattr(cmd, "commands"), f"README: `execir {' '.join(words)}`: no such command"
        names = {o for p in cmd.params for o in p.opts + p.secondary_opts}
        for w in words:
            if w.startswith("-"):
                option = w.split("=", 1)[0]
                assert option in names, (f"README: `execir {' '.join(words)}`: "
                                         f"`execir {' '.join(path)}` has no option {option}")
