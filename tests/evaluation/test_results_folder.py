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

from execir.formats.publish import RECORD_FILE, publish, recorded_files, staged_results
from execir.errors import DataError
from execir.formats.files import write_json
from execir.execution import Oracle

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"
EXECIR = [sys.executable, "-m", "execir.cli.commands"]


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
    manifest = json.loads((plain / "manifest.json").read_text())
    del manifest["sha256"]["stacked.jsonl"]  # as built without --stacked: no stacked file hashed
    write_json(plain / "manifest.json", manifest)
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
            assert row["delta_ci_low"] <= row["delta_vs_1"] <= row["delta_ci_high"]
    # the scored variants are saved, the leaderboard's runs never contain them
    assert json.loads((out / "evaluation.json").read_text())["stacked_supplied"] is True
    assert (out / "stacked_scores.json").is_file()
    assert "stacked:" not in (out / "runs" / "bm25.jsonl").read_text()
    proc = _cli(["reproduce", str(out)], cache)
    assert "0 differences" in proc.stdout


# ---------------------------------------------------------------- all-or-nothing publish, clean-up

def _snapshot(folder: Path) -> dict[str, object]:
    """Every file's bytes (symbolic links by target) and every folder, staging folders excluded."""
    snap: dict[str, object] = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if rel.startswith(".execir-"):
            continue
        snap[rel] = ("link", os.readlink(p)) if p.is_symlink() else (
            "dir" if p.is_dir() else p.read_bytes())
    return snap


def _previous_run(out: Path) -> None:
    """A folder as a previous run left it (recorded files, one of them stale next time) plus a
    user's file that the record does not list."""
    (out / "runs").mkdir(parents=True)
    for name, text in (("leaderboard.json", "old board"), ("runs/a.jsonl", "old a"),
                       ("runs/old.jsonl", "old system"), ("pairwise_tests.json", "old tests")):
        (out / name).write_text(text)
    (out / "runs" / "mine.jsonl").write_text("user's")
    write_json(out / RECORD_FILE, {"format": "execir-outputs/1",
                                   "files": ["leaderboard.json", "pairwise_tests.json",
                                             "runs/a.jsonl", "runs/old.jsonl"]})


def _stage(stage: Path) -> None:
    (stage / "runs").mkdir(parents=True, exist_ok=True)
    (stage / "analyses").mkdir(exist_ok=True)
    for name, text in (("leaderboard.json", "new board"), ("runs/a.jsonl", "new a"),
                       ("runs/new.jsonl", "new system"), ("analyses/x.json", "{}")):
        (stage / name).write_text(text)


def _count_replaces(tmp_path: Path, monkeypatch) -> int:
    out = tmp_path / "count"
    _previous_run(out)
    _stage(out / ".stage")
    calls = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda *a, **k: (calls.append(a), real(*a, **k))[1])
    publish(out / ".stage", out)
    monkeypatch.setattr(os, "replace", real)
    # the record written in the staging folder (atomic write), 4 new files, the 2 stale files
    # (pairwise_tests.json, runs/old.jsonl) moved aside, the record moved in
    assert len(calls) == 8
    return len(calls)


@pytest.mark.parametrize("no_links", [False, True])
def test_publish_failure_at_any_step_leaves_previous_results_byte_identical(tmp_path, monkeypatch,
                                                                            no_links):
    n_calls = _count_replaces(tmp_path, monkeypatch)
    real = os.replace
    if no_links:  # a file system without hard links: replaced files are kept aside as copies
        def no_link(*a, **k):
            raise OSError(1, "Operation not permitted")
        monkeypatch.setattr(os, "link", no_link)
    for n in range(1, n_calls + 1):
        out = tmp_path / f"out{n}-{no_links}"
        _previous_run(out)
        before = _snapshot(out)
        calls = []

        def failing(src, dst, *a, n=n, calls=calls, **k):
            calls.append(dst)
            if len(calls) == n:
                raise PermissionError(13, "Permission denied", str(dst))
            return real(src, dst, *a, **k)

        with pytest.raises(DataError) as info:
            with staged_results(out) as stage:
                _stage(stage)
                monkeypatch.setattr(os, "replace", failing)
        monkeypatch.setattr(os, "replace", real)
        msg = str(info.value)
        assert "Permission denied" in msg and "left as they were" in msg and "\n" not in msg
        failed_rel = Path(calls[n - 1]).relative_to(out).as_posix()
        if not failed_rel.startswith(".execir-"):  # moving a new file in: that file is named
            assert msg.startswith(f"{out / failed_rel}:"), msg
        assert _snapshot(out) == before, n
        assert not [p for p in out.iterdir() if p.name.startswith(".execir-")]
        assert recorded_files(out) == ["leaderboard.json", "pairwise_tests.json", "runs/a.jsonl",
                                       "runs/old.jsonl"]


def test_publish_failure_when_undo_fails_names_where_previous_files_are(tmp_path, monkeypatch):
    out = tmp_path / "out"
    _previous_run(out)
    real = os.replace
    calls = []

    def failing(src, dst, *a, **k):
        calls.append(dst)
        # moving in runs/new.jsonl fails (after the record, analyses/x.json, leaderboard.json,
        # runs/a.jsonl), then restoring runs/a.jsonl fails; restoring leaderboard.json works
        if len(calls) in (5, 6):
            raise PermissionError(13, "Permission denied", str(dst))
        return real(src, dst, *a, **k)

    with pytest.raises(DataError, match="undoing the moves failed") as info:
        with staged_results(out) as stage:
            _stage(stage)
            monkeypatch.setattr(os, "replace", failing)
    monkeypatch.setattr(os, "replace", real)
    kept = [p for p in out.iterdir() if p.name.startswith(".execir-previous-")]
    assert len(kept) == 1 and str(kept[0]) in str(info.value)
    assert {p.relative_to(kept[0]).as_posix() for p in kept[0].rglob("*") if p.is_file()} \
        == {"runs/a.jsonl"}
    assert (kept[0] / "runs" / "a.jsonl").read_text() == "old a"
    assert (out / "leaderboard.json").read_text() == "old board"
    assert not (out / "analyses").exists()


def test_file_or_record_that_is_a_folder_fails_before_any_move(tmp_path):
    out = tmp_path / "out"
    _previous_run(out)
    (out / "analyses" / "x.json").mkdir(parents=True)
    before = _snapshot(out)
    with pytest.raises(DataError, match=r"analyses/x\.json: is a folder"):
        with staged_results(out) as stage:
            _stage(stage)
    assert _snapshot(out) == before
    shutil.rmtree(out / "analyses")
    (out / RECORD_FILE).unlink()
    (out / RECORD_FILE).mkdir()
    with pytest.raises(DataError, match=r"outputs\.json: is not a file — move or delete"):
        with staged_results(out):
            pass


def test_damaged_record_says_how_to_recover(tmp_path):
    out = tmp_path / "out"
    _previous_run(out)
    (out / RECORD_FILE).write_text("{\n")
    with pytest.raises(DataError) as info:
        with staged_results(out):
            pass
    record = out / RECORD_FILE
    assert str(info.value) == (f"{record}:1: not valid JSON (Expecting property name enclosed in "
                               f"double quotes at column 2, where the text ends) — move or delete {record} "
                               f"(execir then keeps every existing file)")
    (out / RECORD_FILE).write_bytes(b"\xff\n")
    with pytest.raises(DataError, match="not UTF-8 .* move or delete"):
        recorded_files(out)
    # following the advice: every existing file is kept, the run succeeds
    (out / RECORD_FILE).unlink()
    with staged_results(out) as stage:
        _stage(stage)
    assert (out / "runs" / "old.jsonl").read_text() == "old system"
    assert (out / "runs" / "a.jsonl").read_text() == "new a"


def _staging_folders(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".execir-staging-"))


def test_stale_staging_folders_are_removed_live_ones_kept(tmp_path):
    import fcntl

    out = tmp_path / "out"
    (out / ".execir-staging-old" / "files").mkdir(parents=True)  # killed run: lock file, not held
    (out / ".execir-staging-old" / "lock").write_text("")
    (out / ".execir-staging-old" / "files" / "leaderboard.json").write_text("half")
    (out / ".execir-staging-nolock").mkdir()  # killed before any lock file existed
    live = out / ".execir-staging-live"
    live.mkdir()
    fd = os.open(live / "lock", os.O_RDWR | os.O_CREAT)  # a live run: its own open file description
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        with staged_results(out) as stage:
            (stage / "leaderboard.json").write_text("new")
            assert set(_staging_folders(out)) == {".execir-staging-live", stage.parent.name}
            # this run's own folder is locked too: a concurrent clean-up keeps it
            from execir.formats.publish import remove_stale_staging
            assert remove_stale_staging(out) == []
        assert _staging_folders(out) == [".execir-staging-live"]
        assert (out / "leaderboard.json").read_text() == "new"
    finally:
        os.close(fd)
    with staged_results(out):
        pass
    assert _staging_folders(out) == []


def test_staging_folder_of_a_killed_run_is_removed(tmp_path):
    out = tmp_path / "out"
    child = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom pathlib import Path\n"
         "from execir.formats.publish import staged_results\n"
         "with staged_results(Path(sys.argv[1])) as stage:\n"
         "    (stage / 'leaderboard.json').write_text('never published')\n"
         "    print('staged', flush=True)\n"
         "    time.sleep(60)\n", str(out)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "staged"
        left = _staging_folders(out)
        assert len(left) == 1
        with staged_results(out):  # the child is alive: its folder is kept
            pass
        assert _staging_folders(out) == left
    finally:
        child.kill()  # SIGKILL: no clean-up runs in the child
        child.wait(timeout=30)
        child.stdout.close()
    assert _staging_folders(out) == left
    with staged_results(out) as stage:
        (stage / "leaderboard.json").write_text("new")
    assert _staging_folders(out) == []
    assert (out / "leaderboard.json").read_text() == "new"


# ----------------------------------------------------- report / reproduce ignore a user's files

RUNS_A = {"A": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.8)], "q-t1": [("t1-c", 0.5)], "q-t2": [("t2-c", 1.0)]}}


def test_known_analysis_names_are_what_evaluate_writes(tmp_path, tiny, h):
    from execir.evaluation import evaluate
    from execir.evaluation.results import ANALYSIS_NAMES, analysis_files

    plain = tmp_path / "plain"
    evaluate(tiny, RUNS_A, plain, labels=h.oracle_labels(tiny), replicates=50, oracle=Oracle())
    assert sorted(p.stem for p in (plain / "analyses").glob("*.json")) == sorted(ANALYSIS_NAMES)
    (plain / "analyses" / "mine.json").write_text("{}")
    assert analysis_files(plain) == sorted(f"analyses/{n}.json" for n in ANALYSIS_NAMES)
    write_json(plain / RECORD_FILE, {"format": "execir-outputs/1",
                                     "files": ["leaderboard.json", "analyses/future.json",
                                               "analyses/sub/x.json", "analyses/stacked.json"]})
    assert analysis_files(plain) == ["analyses/future.json", "analyses/stacked.json"]


def test_report_and_reproduce_ignore_user_files_in_analyses(tmp_path, tiny, h):
    from typer.testing import CliRunner

    from execir.cli.commands import app
    from execir.evaluation import evaluate
    from execir.evaluation.results import load_results
    from execir.workflow.reproduce import reproduce
    from execir.report import write_report

    plain = tmp_path / "plain"  # evaluate() without a record
    evaluate(tiny, RUNS_A, plain, labels=h.oracle_labels(tiny), replicates=100, oracle=Oracle())
    staged = tmp_path / "staged"  # as `execir run/evaluate --out` writes it, with outputs.json
    with staged_results(staged) as stage:
        evaluate(tiny, RUNS_A, stage, labels=h.oracle_labels(tiny), replicates=100, oracle=Oracle())
    runner = CliRunner()
    for folder in (plain, staged):
        (folder / "analyses" / "mine.json").write_text("x\n")
        assert "mine" not in load_results(folder)["analyses"]
        assert write_report(folder).is_file()
        (folder / "analyses" / "mine.json").write_text('{"mine": 1}\n')
        assert reproduce(folder) == []
        res = runner.invoke(app, ["reproduce", str(folder)])
        assert res.exit_code == 0 and "0 differences" in res.output, res.output
    # an analysis execir wrote is still checked
    write_json(staged / "analyses" / "difficulty.json", {"available": False})
    assert any(d.startswith("analyses/difficulty.json/") for d in reproduce(staged))
    (staged / "analyses" / "difficulty.json").unlink()
    assert reproduce(staged) == ["analyses/difficulty.json: missing in saved results"]
    # a damaged record: one line, exit 2, with the way out
    (staged / RECORD_FILE).write_text("{")
    res = runner.invoke(app, ["report", str(staged)])
    assert res.exit_code == 2 and "move or delete" in res.output
