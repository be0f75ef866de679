"""write_report: figures, a self-contained report.html, and a headless-Chromium render check."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from execir.evaluation import evaluate
from execir.report import write_report
from execir.execution import Oracle

RUNS = {
    "bm25": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.8), ("t1-c", 0.1)], "q-t1": [("t1-c", 0.5), ("t1-d0", 0.5)],
             "q-t2": [("t2-c", 1.0)]},
    "dense <x>": {"q-t0": [("t0-c", 0.9), ("t0-d0", 0.9), ("t0-d1", 0.2)], "q-t1": [("t1-d0", 0.7), ("t1-c", 0.6)],
                  "q-t2": [("t0-c", 2.0), ("t2-c", 1.0)]},
}
FIGURES = ("leaderboard", "exec_at_k", "canonical_gap", "deception_by_type", "per_domain", "density")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--enable-logging=stderr", "--v=0"]


def _benchmark(h):
    from dataclasses import replace

    b = h.make_benchmark()
    corpus = dict(b.corpus)
    corpus["t0-d0"] = replace(corpus["t0-d0"], mutation=dict(corpus["t0-d0"].mutation,
                                                             bug_description="</script><b>x</b>"))
    return replace(b, corpus=corpus)


@pytest.fixture
def results(tmp_path, h):
    b = _benchmark(h)
    evaluate(b, RUNS, tmp_path / "res", labels=h.oracle_labels(b), replicates=200, oracle=Oracle())
    return tmp_path / "res"


def test_report_files_and_self_contained(results):
    path = write_report(results)
    for name in FIGURES:
        assert (results / "figures" / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"<svg" in (results / "figures" / f"{name}.svg").read_bytes()
    html = path.read_text()
    assert html.count("data:image/svg+xml;base64,") == len(FIGURES)
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)  # nothing fetched from a network
    assert "{{" not in html
    assert "dense &lt;x&gt;" in html  # system names are escaped
    assert "<\\/script><b>x<\\/b>" in html  # JSON cannot close the script element
    first = path.read_bytes()
    write_report(results)
    assert path.read_bytes() == first  # deterministic


def _chromium():
    for name in ("chromium", "chromium-browser"):
        exe = shutil.which(name)
        if exe:
            return exe
    pytest.skip("chromium is not installed")


def _render(exe, page, profile):
    proc = subprocess.run([exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return proc, console


@pytest.mark.slow
def test_report_renders_in_headless_chromium(results, tmp_path):
    exe = _chromium()
    # control: the console check does catch a script error
    bad = tmp_path / "bad.html"
    bad.write_text("<html><body><script>missingFunction();</script></body></html>")
    _, console = _render(exe, bad, tmp_path / "profile-bad")
    assert any("Uncaught ReferenceError" in line for line in console)

    proc, console = _render(exe, write_report(results), tmp_path / "profile")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert console == []
    dom = proc.stdout
    assert 'data-ready="1"' in dom  # the script ran to the end
    board = re.search(r'<div id="leaderboard">(.*?)</div>', dom, re.S).group(1)
    assert "bm25" in board and "dense &lt;x&gt;" in board and "exec@1" in board
    assert "0.667" in board  # bm25 exec@1 = 2/3
    # the drill-down rendered the first query's top list with the distractor diff highlighted
    assert '<mark class="del">+</mark>' in dom and '<mark class="ins">-</mark>' in dom
