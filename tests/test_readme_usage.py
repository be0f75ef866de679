"""README and docs cannot drift from the program: every ``execir ...`` command line in a code block
of README.md or of a page under docs/ names a command that exists and only options that command
takes (issue 24, item 6; issue 55 item 7); README stays a short page with its fixed sections and
links only to docs pages that exist. The lines that are cheap to run are run by other tests
(``tests/test_house.py``, ``tests/test_e2e.py``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.main

from execir.cli.commands import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
COMMANDS = DOCS / "commands.md"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]

README_HEADINGS = ("### Python API", "## Score your own rankings", "## The ExecRetrieval release",
                   "## Hugging Face datasets", "## Use from MTEB", "## Documentation")


def command_lines(page: Path) -> list[list[str]]:
    """The ``execir ...`` commands in the code blocks of ``page`` (not ``python`` blocks), as
    argument lists: comments after `` # `` and ``[optional]`` brackets removed; ``a | b`` and
    ``a && b`` give two commands; a line whose first word is not ``execir`` is not a command."""
    out = []
    for lang, block in re.findall(r"^```(\w*)\n(.*?)^```", page.read_text(), re.S | re.M):
        if lang not in ("", "sh", "bash", "console", "shell"):
            continue
        for line in block.splitlines():
            code = re.split(r"\s+#\s", line, maxsplit=1)[0].replace("[", " ").replace("]", " ")
            for part in re.split(r" \| | && ", code):
                part = part.strip().removeprefix("$ ")
                if not part.startswith("execir "):
                    continue
                words = shlex.split(part)
                out.append(words[1:])
    return out


def all_command_lines() -> list[tuple[str, list[str]]]:
    return [(page.relative_to(ROOT).as_posix(), words)
            for page in PAGES for words in command_lines(page)]


def _resolve(words: list[str]):
    cmd = typer.main.get_command(app)
    path = []
    while hasattr(cmd, "commands") and words and words[0] in cmd.commands:
        path.append(words[0])
        cmd = cmd.commands[words.pop(0)]
    return cmd, path


def test_the_command_reference_has_the_commands():
    lines = command_lines(COMMANDS)
    assert len(lines) >= 25
    assert {" ".join(_resolve(list(w))[1]) for w in lines} >= {
        "run", "build", "evaluate", "exec", "cache stats", "cache prune", "probe", "export"}


def test_every_command_line_names_a_command_and_its_options():
    lines = all_command_lines()
    assert {page for page, _ in lines} >= {"README.md", "docs/commands.md"}
    for page, words in lines:
        cmd, path = _resolve(list(words))
        assert not hasattr(cmd, "commands"), f"{page}: `execir {' '.join(words)}`: no such command"
        names = {o for p in cmd.params for o in p.opts + p.secondary_opts}
        for w in words:
            if w.startswith("-"):
                option = w.split("=", 1)[0]
                assert option in names, (f"{page}: `execir {' '.join(words)}`: "
                                         f"`execir {' '.join(path)}` has no option {option}")


def test_the_parser_reads_pipes_chains_brackets_and_comments(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("```\nexecir models [--json]  # the registry\n"
                    "execir a | execir b && execir c\nmake demo\n```\n"
                    "```python\nexecir stays python\n```\n")
    assert command_lines(page) == [["models", "--json"], ["a"], ["b"], ["c"]]


def test_readme_is_short_and_has_its_sections():
    assert len(README.read_bytes()) <= 12288
    text = README.read_text()
    assert text.startswith("# execir\n\n```\nmake demo ")
    assert "make test " in text.split("\n\n")[1]
    places = [text.index(f"\n{h}\n") for h in README_HEADINGS]
    assert places == sorted(places), "README's sections are out of order"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_docs_link_points_to_a_file(page):
    """A Markdown link to a ``.md`` page resolves from the page's folder (and its ``#anchor`` names
    one of that page's headings); a `docs/...md` in backticks from the repository root."""
    text = page.read_text()
    found = re.findall(r"\]\(([^)#\s:]+\.md)(?:#([^)]*))?\)", text)
    links = [page.parent / link for link, _ in found]
    links += [ROOT / link for link in re.findall(r"`(docs/[\w./-]+\.md)`", text)]
    for target in links:
        assert target.exists(), f"{page.relative_to(ROOT)}: link to {target}: no such file"
    for link, anchor in found:
        if anchor:
            headings = re.findall(r"^#+ (.+)$", (page.parent / link).read_text(), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor in slugs, f"{page.relative_to(ROOT)}: {link}#{anchor}: no such heading"
    if page == README:
        assert {t.resolve() for t in links} >= {p.resolve() for p in DOCS.rglob("*.md")}, \
            "README's Documentation list misses a docs page"
