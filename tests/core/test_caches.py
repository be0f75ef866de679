"""Every cache listed with its entries and size; pruning by last use (issue 24, item 5)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.workflow import caches
from execir.cli.commands import app
from execir.errors import UsageError
from execir.execution import ExecutionCache, Limits, SuiteResult, pair_key
from execir.execution.artefacts import BuildCache, pack

NOW = time.time()  # the CLI prunes by the real clock
DAY = 86400.0


def _file(path, size, age_days):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    os.utime(path, (NOW - age_days * DAY, NOW - age_days * DAY))
    return path


def _folder(path, sizes, age_days):
    for i, size in enumerate(sizes):
        _file(path / f"f{i}", size, age_days)
    os.utime(path, (NOW - age_days * DAY, NOW - age_days * DAY))
    return path


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "cache"
    r.mkdir()
    with ExecutionCache(r / "exec.sqlite3") as cache:  # three judged (program, tests) pairs
        cache.put_many([(pair_key(f"def f(): return {i}", ["assert f() == 1"], Limits()),
                         SuiteResult(("pass",) if i == 1 else ("FAIL",), (0.01,))) for i in range(3)])
    os.utime(r / "exec.sqlite3", (NOW - 400 * DAY, NOW - 400 * DAY))
    _folder(r / "embeddings" / "minilm" / "inv1", [1000, 24], 10)    # 1,024 bytes, 10 days
    _folder(r / "embeddings" / "minilm" / "inv2", [2000], 1)         # 2,000 bytes, 1 day
    _file(r / "build" / "cpp" / "ab" / "abcd.art", 3000, 40)         # 3,000 bytes, 40 days
    _file(r / "build" / "cpp" / "ab" / ".abcd.1.tmp", 77, 40)        # a write in progress
    _folder(r / "releases" / "mine-123", [500], 5)
    _folder(r / "releases" / "shipped" / "humaneval-v1-aa", [700], 3)
    _folder(r / "models" / "mpnet-bb", [9000], 60)
    _folder(r / "rerankers" / "ce-1", [800], 400)
    _file(r / "llm" / "qwen" / "ab12.json", 60, 500)                  # an LLM answer, never pruned
    _file(r / "llm" / "qwen" / "cd34.json", 40, 500)
    return r


def test_stats_list_every_cache_with_its_entries_and_bytes(root):
    rows = {r["cache"]: (r["entries"], r["bytes"], r["prunable"]) for r in caches.stats(root)}
    exec_bytes = sum(p.stat().st_size for p in (root / "exec.sqlite3", root / "exec.sqlite3-wal") if p.exists())
    assert rows == {
        "execution outcomes": (3, exec_bytes, False),  # rows, not its one file
        "embeddings": (2, 3024, True),
        "compiled programs": (1, 3000, True),
        "releases built at run time": (1, 500, True),
        "shipped releases (unpacked)": (1, 700, True),
        "models": (1, 9000, True),
        "ONNX exports": (0, 0, True),
        "trained rerankers": (1, 800, False),
        "LLM answers": (2, 100, False),
    }


def test_older_than_removes_what_was_last_used_before(root):
    removed = caches.prune(root, older_than=30 * DAY, now=NOW)
    assert [e.path.relative_to(root).as_posix() for e in removed] == [
        "models/mpnet-bb", "build/cpp/ab/abcd.art"]  # least recently used first
    assert not (root / "models" / "mpnet-bb").exists()
    assert (root / "rerankers" / "ce-1").exists() and (root / "exec.sqlite3").exists()
    assert (root / "llm" / "qwen" / "ab12.json").exists()
    assert (root / "build" / "cpp" / "ab" / ".abcd.1.tmp").exists()


def test_max_size_removes_the_least_recently_used_until_it_fits(root):
    # prunable: 9000 (60 d) + 3000 (40 d) + 1024 (10 d) + 500 (5 d) + 700 (3 d) + 2000 (1 d)
    removed = caches.prune(root, max_size=3300, now=NOW)
    assert sum(e.bytes for e in removed) == 9000 + 3000 + 1024
    left = sum(r["bytes"] for r in caches.stats(root) if r["prunable"])
    assert left == 500 + 700 + 2000
    assert caches.prune(root, max_size=3300, now=NOW) == []


def test_a_read_counts_as_a_use(tmp_path):
    store = BuildCache(tmp_path / "build")
    blob = pack([("a.out", 0o755, b"\x7fELF")])
    store.put("cpp", "ff" * 32, blob)
    path = store.path("cpp", "ff" * 32)
    os.utime(path, (NOW - 90 * DAY, NOW - 90 * DAY))
    assert store.get("cpp", "ff" * 32) == blob
    assert path.stat().st_mtime > NOW - DAY  # touched by the read


@pytest.mark.parametrize("text, value", [("1048576", 1048576), ("500M", 500 * 2**20),
                                         ("2G", 2 * 2**30), ("1.5 GiB", 3 * 2**29),
                                         ("10kb", 10240)])
def test_sizes(text, value):
    assert caches.parse_size(text) == value


@pytest.mark.parametrize("text, value", [("45s", 45), ("90m", 5400), ("12h", 43200),
                                         ("30d", 30 * DAY), ("2w", 14 * DAY)])
def test_ages(text, value):
    assert caches.parse_age(text) == value


def test_bad_limits_are_refused():
    for bad in ("", "abc", "-5M", "3X"):
        with pytest.raises(UsageError, match="--max-size: not a size"):
            caches.parse_size(bad)
    with pytest.raises(UsageError, match="--older-than: not an age"):
        caches.parse_age("30")
    with pytest.raises(UsageError, match="give --max-size, --older-than or both"):
        caches.prune("/nonexistent")


def test_cli_stats_and_prune(root, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(root))
    runner = CliRunner()
    res = runner.invoke(app, ["cache", "stats"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert any(line.startswith("models") and "1 entries" in line and "8.8 KiB" in line
               for line in lines)
    assert any(line.startswith("trained rerankers") and "(not pruned)" in line for line in lines)
    assert any(line.startswith("execution outcomes") and "3 rows" in line for line in lines)
    assert "execution cache rows: 3 (1 all-pass)" in res.output
    res = runner.invoke(app, ["cache", "prune", "--older-than", "2d"])
    assert res.exit_code == 0, res.output
    # everything but inv2 (1 day old by the fixture's clock) is older than 2 days by now
    assert res.output.strip() == f"removed 5 entries, {caches.human(9000 + 3000 + 1024 + 500 + 700)}"
    res = runner.invoke(app, ["cache", "prune", "--max-size", "lots"])
    assert res.exit_code == 2 and "--max-size: not a size: 'lots'" in res.stderr


def test_the_build_cache_keeps_to_its_bound(tmp_path, monkeypatch):
    from execir.execution import artefacts

    monkeypatch.setattr(artefacts, "CHECK_EVERY", 3)
    blobs = [pack([("a.out", 0o755, bytes([i]) * 1000)]) for i in range(7)]
    size = len(blobs[0])
    store = BuildCache(tmp_path / "build", max_bytes=4 * size)
    keys = [f"{i:02x}" * 32 for i in range(7)]
    for i, (key, blob) in enumerate(zip(keys, blobs)):
        store.put("cpp", key, blob)               # checks at stores 1, 4 and 7
        os.utime(store.path("cpp", key), (NOW - (100 - i) * DAY,) * 2)
        if i == 3:
            assert store.size()[0] == 4 * size    # at the bound, not over it: nothing removed
    # store 7 found 7 archives (over 4): the oldest go until at most 0.8 * 4 = 3.2 are left
    left = sorted(Path(p).name for _, p, _ in store.size()[1])
    assert left == [f"{k}.art" for k in keys[4:]]
    assert store.get("cpp", keys[0]) is None and store.get("cpp", keys[6]) == blobs[6]
    with pytest.raises(ValueError, match="max_bytes must be >= 0"):
        BuildCache(tmp_path, max_bytes=-1)
