"""`execir build --from-repo` end to end on the fixture repository: the release, its rebuild, the
user's tree untouched, scoring it with `execir run`, and the one-line refusals."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from execir.repo.source import tree_digest

EXECIR = [sys.executable, "-m", "execir.cli.commands"]


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(EXECIR + [str(a) for a in args], capture_output=True, text=True, env=env, timeout=900)


def _files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_build_from_repo_end_to_end(repo, tmp_path):
    before = tree_digest(repo)
    out, again = tmp_path / "rel", tmp_path / "rel2"
    done = _cli(["build", "--from-repo", repo, "--out", out, "--quiet", "--workers", "2"], tmp_path / "c1")
    assert done.returncode == 0, done.stderr
    assert "5/5 tasks released" in done.stdout
    assert "killed by the covering tests:" in done.stdout
    report = json.loads((out / "build_report.json").read_text())
    section = report["repository"]
    assert section["discovery"]["kept"] == 5 and section["tests"]["passed"] == 23 and section["left_out"] == []
    assert section["tree_sha256"] == before[0]
    # only suites that could be planted are counted, each counting run at most 10 s
    assert report["policy"]["count"] == "plantable_only" and report["policy"]["traced_cap"] == 10.0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["repository"]["tree_sha256"] == before[0]
    queries = [json.loads(line) for line in (out / "queries.jsonl").read_text().splitlines()]
    assert {q["text"] for q in queries} >= {"Limit a number to the closed interval from low to high."}
    # every planted distractor fails at least one covering test and is not the canonical
    labels = [json.loads(line) for line in (out / "labels.jsonl").read_text().splitlines()]
    assert labels and report["planted"]["total"] > 0
    # a cold rebuild (another cache) writes the same bytes; the tree was never written
    done = _cli(["build", "--from-repo", repo, "--out", again, "--quiet", "--workers", "1"], tmp_path / "c2")
    assert done.returncode == 0, done.stderr
    assert _files(out) == _files(again)
    assert tree_digest(repo) == before
    # the release scores like any other
    res = tmp_path / "res"
    done = _cli(["run", "--dataset", out, "--systems", "bm25", "--out", res, "--quiet"], tmp_path / "c1")
    assert done.returncode == 0, done.stderr
    board = json.loads((res / "leaderboard.json").read_text())
    assert board["n_queries"] == 5 and board["systems"][0]["system"] == "bm25"
    assert manifest["repository"]["path"] == str(repo.resolve())
    # a repository edited after the build is named before any work, not judged by changed tests
    target = repo / "src" / "minipkg" / "text.py"
    target.write_text(target.read_text() + "\n")
    done = _cli(["run", "--dataset", out, "--systems", "bm25", "--out", tmp_path / "res2", "--quiet"],
                tmp_path / "c1")
    assert done.returncode == 2 and "changed since this release was built" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "res2").exists()
    # ... and so is one moved away, even when every outcome the run needs is cached
    target.write_text(target.read_text()[:-1])
    repo.rename(tmp_path / "moved")
    done = _cli(["run", "--dataset", out, "--systems", "bm25", "--out", tmp_path / "res3", "--quiet"],
                tmp_path / "c1")
    assert done.returncode == 2 and "which is not a folder on this machine" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "res3").exists()


@pytest.mark.parametrize("args, message", [
    (["--out", "{repo}/rel"], "--out {repo}/rel is inside --from-repo"),
    (["--out", "{tmp}/rel", "--min-tests", "0"], "--min-tests"),
    (["--out", "{tmp}/rel", "--min-tests", "5", "--max-tests", "4"], "--min-tests 5 and --max-tests 4"),
    (["--out", "{tmp}/rel", "--query", "title"], "--query must be one of summary, docstring"),
    (["--out", "{tmp}/rel", "--path", "x.json"], "--path does not apply to --from-repo"),
    (["--out", "{tmp}/rel", "--tests", "'unclosed"], "--tests \"'unclosed\": No closing quotation"),
    (["--out", "{tmp}/rel", "--python", "{tmp}"], "--python {tmp}: not a Python interpreter"),
    (["--out", "{tmp}/rel", "--tests", "tests --collect-only"], "--tests: pytest's --collect-only does not apply"),
    (["--out", "{tmp}/rel", "--tests", "--junitxml=r.xml"], "--tests: pytest's --junitxml does not apply"),
    (["--out", "{tmp}/rel", "--tests", "tests -c /dev/null"], "--tests: pytest's -c does not apply: the suite runs from"),
    (["--out", "{tmp}/rel", "--tests", "tests --lf"], "--tests: pytest's --lf does not apply: it needs pytest's cache"),
    (["--out", "{tmp}/rel", "--tests", "/etc"], "--tests: /etc is outside --from-repo {repo}"),
    (["--out", "{tmp}/rel", "--tests", "tests/../../x"], "--tests: tests/../../x is outside --from-repo {repo}"),
])
def test_bad_repository_options_are_one_line(repo, tmp_path, args, message):
    fill = {"repo": str(repo), "tmp": str(tmp_path)}
    done = _cli(["build", "--from-repo", repo, *[a.format(**fill) for a in args]], tmp_path / "cache")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message.format(**fill) in lines[0], done.stderr
    assert not (tmp_path / "rel").exists() and not (repo / "rel").exists()


def test_a_dataset_with_from_repo_is_refused(repo, tmp_path):
    done = _cli(["build", "humaneval", "--from-repo", repo, "--out", tmp_path / "rel"], tmp_path / "cache")
    assert done.returncode == 2 and "not both" in done.stderr
    done = _cli(["build", "humaneval", "--tests", "tests", "--out", tmp_path / "rel"], tmp_path / "cache")
    assert done.returncode == 2 and "--tests applies to --from-repo only" in done.stderr
    done = _cli(["build", "humaneval", "--query", "docstring", "--out", tmp_path / "rel"], tmp_path / "cache")
    assert done.returncode == 2 and "--query applies to --from-repo only" in done.stderr
