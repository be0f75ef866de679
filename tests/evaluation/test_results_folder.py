"""`execir evaluate` into a reused results folder (stale files) and scoring of stacked mutants."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from execir.evaluation.outdir import RECORD_FILE, publish, recorded_files, staged_results
from execir.io import DataError, write_json

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"
EXECIR = [sys.executable, "-m", "execir.cli"]


def _cli(args, cache: Path):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    proc = subprocess.run(EXECIR + args, capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def releases(tmp_path_factory):
    """The five-task fixture built with stacked mutants, and a copy without stacked.jsonl."""
    base = tmp_path_factory.mktemp("stacked")
    cache = base / "cache"
    rel = base / "release"
    _cli(["build", "tasks", "--path", str(FIXTURE), "--out", str(rel), "--stacked", "--quiet"], cache)
    plain = base / "plain"
    shutil.copytree(rel, plain, ignore=shutil.ignore_patterns("stacked.jsonl"))
    return base, cache, rel, plain


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_second_evaluate_removes_stale_files_keeps_foreign_ones(releases):
    base, cache, _, plain = releases
    out = base / "reused"
    _cli(["evaluate", str(plain), "--systems", "bm25,bm25-code", "--out", str(out), "--quiet"], cache)
    first = json.loads((out / RECORD_FILE).read_text())["files"]
    assert set(first) == _files(out) - {RECORD_FILE}
    assert "runs/bm25-code.jsonl" in first
    (out / "notes.txt").write_text("mine\n")
    (out / "runs" / "by-hand.jsonl").write_text("{}\n")

    proc = _cli(["evaluate", str(plain), "--systems", "bm25", "--out", str(out), "--quiet"], cache)
    assert "runs/bm25-code.jsonl" in proc.stderr  # the removal is reported
    assert not (out / "runs" / "bm25-code.jsonl").exists()
    assert (out / "runs" / "bm25.jsonl").is_file()
    assert (out / "notes.txt").read_text() == "mine\n"
    assert (out / "runs" / "by-hand.jsonl").read_text() == "{}\n"
    board = json.loads((out / "leaderboard.json").read_text())
    assert [r["system"] for r in board["systems"]] == ["bm25"]
    assert json.loads((out / "pairwise_tests.json").read_text())["comparisons"] == []
    second = json.loads((out / RECORD_FILE).read_text())["files"]
    assert set(second) == _files(out) - {RECORD_FILE, "notes.txt", "runs/by-hand.jsonl"}
    assert not [p for p in out.iterdir() if p.name.startswith(".execir-staging-")]
    # what is left is exactly what a run into an empty folder writes
    fresh = base / "fresh"
    _cli(["evaluate", str(plain), "--systems", "bm25", "--out", str(fresh), "--quiet"], cache)
    assert _files(fresh) == set(second) | {RECORD_FILE}
    for name in ("leaderboard.json", "leaderboard.csv", "pairwise_tests.json", "runs/bm25.jsonl",
                 "analyses/stacked.json", "analyses/rank1_misses.json"):
        assert (out / name).read_bytes() == (fresh / name).read_bytes(), name
    stacked = json.loads((out / "analyses" / "stacked.json").read_text())
    assert stacked["available"] is False
    assert "no stacked.jsonl" in stacked["reason"] and "--stacked" in stacked["reason"]


def test_publish_only_removes_recorded_files(tmp_path):
    out = tmp_path / "out"
    (out / "runs").mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    for name in ("runs/a.jsonl", "runs/b.jsonl", "old.json", "user.txt"):
        (out / name).write_text(name)
    write_json(out / RECORD_FILE, {"format": "execir-outputs/1",
                                   "files": ["runs/a.jsonl", "runs/b.jsonl", "old.json",
                                             "../outside.txt", str(outside), "runs/../user.txt"]})
    assert recorded_files(out) == ["old.json", "runs/a.jsonl", "runs/b.jsonl"]
    stage = out / ".stage"
    (stage / "runs").mkdir(parents=True)
    (stage / "runs" / "a.jsonl").write_text("new a")
    (stage / "leaderboard.json").write_text("{}")
    result = publish(stage, out)
    assert result == {"written": ["leaderboard.json", "runs/a.jsonl"],
                      "removed": ["old.json", "runs/b.jsonl"]}
    assert _files(out) == {"leaderboard.json", "runs/a.jsonl", "user.txt", RECORD_FILE}
    assert (out / "runs" / "a.jsonl").read_text() == "new a"
    assert outside.read_text() == "keep" and not stage.exists()


def test_failed_run_leaves_folder_untouched(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "leaderboard.json").write_text("old")
    write_json(out / RECORD_FILE, {"format": "execir-outputs/1", "files": ["leaderboard.json"]})
    before = {n: (out / n).read_bytes() for n in _files(out)}
    with pytest.raises(RuntimeError):
        with staged_results(out) as stage:
            (stage / "leaderboard.json").write_text("new")
            raise RuntimeError("scoring failed")
    assert {n: (out / n).read_bytes() for n in _files(out)} == before
    (out / RECORD_FILE).write_text('{"files": 3}\n')
    with pytest.raises(DataError, match="format"):
        with staged_results(out):
            pass


def _by_hand_stacked(release: Path, systems=("bm25",)):
    """Appendix G.2 deception recomputed from the release files with the retriever's own BM25
    scoring of the corpus plus every stacked variant (one scoring per system)."""
    from execir.retrieval import make_retriever

    corpus = [json.loads(l) for l in (release / "corpus.jsonl").read_text().splitlines()]
    queries = [json.loads(l) for l in (release / "queries.jsonl").read_text().splitlines()]
    stacks = [json.loads(l) for l in (release / "stacked.jsonl").read_text().splitlines()]
    docs = [r["text"] for r in corpus] + [s["code"] for s in stacks]
    per_count: dict[int, dict[str, list[float]]] = {}
    for name in systems:
        scores = make_retriever(name).score_matrix([q["text"] for q in queries], docs)
        for qi, q in enumerate(queries):
            task = q["metadata"]["task_id"]
            row = scores[qi]
            canon = max(row[j] for j, r in enumerate(corpus)
                        if r["metadata"]["task_id"] == task and r["metadata"]["kind"] == "canonical")
            groups: dict[int, list[bool]] = {}
            for j, r in enumerate(corpus):
                if r["metadata"]["task_id"] == task and r["metadata"]["kind"] == "distractor":
                    groups.setdefault(1, []).append(row[j] >= canon)
            for j, s in enumerate(stacks):
                if s["task_id"] == task:
                    groups.setdefault(s["stack"], []).append(row[len(corpus) + j] >= canon)
            for n, decs in groups.items():
                per_count.setdefault(n, {}).setdefault(q["_id"], []).append(sum(decs) / len(decs))
    counts = sorted(per_count)
    matched = sorted(set.intersection(*(set(per_count[n]) for n in counts)))
    table = np.array([[np.mean(per_count[n][q]) for n in counts] for q in matched])
    return counts, matched, table


@pytest.mark.slow
def test_evaluate_scores_stacked_mutants_of_the_release(releases):
    base, cache, rel, _ = releases
    stacks = [json.loads(l) for l in (rel / "stacked.jsonl").read_text().splitlines()]
    assert len({s["stack"] for s in stacks}) >= 2  # the fixture yields stacks of several sizes
    out = base / "with-stacked"
    _cli(["evaluate", str(rel), "--systems", "bm25,bm25-code", "--out", str(out), "--quiet"], cache)
    got = json.loads((out / "analyses" / "stacked.json").read_text())
    assert got["available"] is True, got
    assert got["systems"] == ["bm25", "bm25-code"]
    counts, matched, table = _by_hand_stacked(rel, ("bm25", "bm25-code"))
    assert got["matched_queries"] == len(matched) > 0
    assert sorted(int(n) for n in got["by_count"]) == counts and counts[0] == 1
    for j, n in enumerate(counts):
        row = got["by_count"][str(n)]
        assert row["deception"] == pytest.approx(table[:, j].mean())
        if n != 1:
            assert row["delta_vs_1"] == pytest.approx((table[:, j] - table[:, 0]).mean())
            assert row["ci_low"] <= row["delta_vs_1"] <= row["ci_high"]
    # the scored variants are saved, the leaderboard's runs never contain them
    assert json.loads((out / "evaluation.json").read_text())["stacked_supplied"] is True
    assert (out / "stacked_scores.json").is_file()
    assert "stacked:" not in (out / "runs" / "bm25.jsonl").read_text()
    proc = _cli(["reproduce", str(out)], cache)
    assert "0 differences" in proc.stdout
