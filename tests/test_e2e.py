"""End-to-end: `execir run` on the five-task fixture, checked against the files it writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parent / "data" / "e2e" / "tasks.jsonl"
EXECIR = [sys.executable, "-m", "execir.cli.commands"]


def _run(args, cache: Path, **kw):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(EXECIR + args, capture_output=True, text=True, env=env, timeout=600, **kw)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    base = tmp_path_factory.mktemp("e2e")
    cache = base / "cache"
    out = base / "results"
    proc = _run(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25,minilm",
                 "--out", str(out), "--quiet"], cache)
    assert proc.returncode == 0, proc.stderr
    return base, cache, out, proc


def _release(cache: Path) -> Path:
    (release,) = (cache / "releases").iterdir()
    return release


@pytest.mark.slow
def test_run_writes_release_with_verified_distractors(results):
    _, cache, _, _ = results
    release = _release(cache)
    queries = [json.loads(l) for l in (release / "queries.jsonl").read_text().splitlines()]
    corpus = [json.loads(l) for l in (release / "corpus.jsonl").read_text().splitlines()]
    assert len(queries) == 5
    per_task = {}
    for row in corpus:
        per_task.setdefault(row["metadata"]["task_id"], []).append(row["metadata"]["kind"])
    assert len(per_task) == 5
    for kinds in per_task.values():
        assert kinds.count("canonical") == 1
        assert 3 <= kinds.count("distractor") <= 4
    manifest = json.loads((release / "manifest.json").read_text())
    assert manifest["counts"]["queries"] == 5
    # issue 55 item 2: a release built inside `execir run` is carded and gated like `execir build`'s
    card = json.loads((release / "build_report.json").read_text())["probe_card"]
    assert card["n_queries"] == 5 and {"first-in-file", "lowest-id"} <= {p["probe"] for p in card["probes"]}
    assert "No probe card" not in (results[2] / "report.html").read_text()


@pytest.mark.slow
def test_leaderboard_matches_runs(results):
    """exec@1 recomputed from the saved runs: a top-1 hit passes iff it is relevant at level 2 for
    its query (the query's canonical, or a snippet the cross-task sweep found passing); planted
    distractors and other tasks' canonicals fail its tests."""
    _, cache, out, proc = results
    release = _release(cache)
    relevant = set()
    for line in (release / "qrels" / "test.tsv").read_text().splitlines()[1:]:
        qid, sid, level = line.split("\t")
        if int(level) == 2:
            relevant.add((qid, sid))
    board = json.loads((out / "leaderboard.json").read_text())
    text = json.dumps(board)
    for system in ("bm25", "minilm"):
        assert system in text
        run_rows = [json.loads(l) for l in (out / "runs" / f"{system}.jsonl").read_text().splitlines()]
        assert len(run_rows) == 5
        top1 = [row["results"][0]["id"] for row in run_rows]
        expected = sum((row["query_id"], sid) in relevant for row, sid in zip(run_rows, top1)) / 5
        assert _find_metric(board, system, "exec@1") == pytest.approx(expected)
    assert (out / "config.json").is_file()


def _find_metric(board, system, metric):
    (row,) = [r for r in board["systems"] if r["system"] == system]
    return row["metrics"][metric]["value"]


@pytest.mark.slow
def test_second_run_reuses_release_and_is_byte_identical(results):
    base, cache, out, _ = results
    out2 = base / "results2"
    proc = _run(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25,minilm",
                 "--out", str(out2), "--quiet"], cache)
    assert proc.returncode == 0, proc.stderr
    assert len(list((cache / "releases").iterdir())) == 1
    for name in ("leaderboard.json", "leaderboard.csv", "runs/bm25.jsonl", "runs/minilm.jsonl"):
        assert (out / name).read_bytes() == (out2 / name).read_bytes(), name


def test_bad_dataset_file_one_line_exit_2(tmp_path):
    bad = tmp_path / "tasks.jsonl"
    bad.write_text('{"task_id": "a", "query": "q", "entry_point": "f", "canonical": "def f(): pass", '
                   '"tests": ["assert f() is None"]}\n{"task_id": "b", "query": "q"}\n')
    proc = _run(["run", "--dataset", "tasks", "--path", str(bad), "--out", str(tmp_path / "o")],
                tmp_path / "cache")
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"execir: error: {bad}:2: field 'entry_point': missing"
    assert "Traceback" not in proc.stderr


def test_missing_and_non_json_files(tmp_path):
    proc = _run(["run", "--dataset", "mbpp", "--path", str(tmp_path / "nope.jsonl")], tmp_path / "c")
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"execir: error: {tmp_path / 'nope.jsonl'}: file not found"
    garbage = tmp_path / "g.jsonl"
    garbage.write_text("[1, 2]\n")
    proc = _run(["run", "--dataset", "mbpp", "--path", str(garbage)], tmp_path / "c")
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"execir: error: {garbage}:1: expected a JSON object, got list"


def test_unknown_system_and_dataset(tmp_path):
    proc = _run(["run", "--dataset", "nope"], tmp_path / "c")
    assert proc.returncode == 2 and "unknown dataset 'nope'" in proc.stderr


@pytest.mark.parametrize("command", [["run", "--dataset", "nope@2"], ["evaluate", "nope"]])
def test_an_unknown_dataset_is_refused_before_any_model_or_pipeline_loads(command):
    # issue 55 item 6: it took ~3 s (torch and the pipeline imported, the systems made) to refuse
    probe = ("import sys\nfrom execir.cli.commands import app\ntry:\n    app(%r)\nexcept SystemExit as e:\n"
             "    print(e.code, sorted(m for m in ('torch', 'execir.workflow.pipeline') if m in sys.modules))" % command)
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "2 []", proc.stdout + proc.stderr
    assert "unknown dataset 'nope" in proc.stderr


def test_bad_options_fail_before_any_work(tmp_path):
    cache = tmp_path / "c"
    args = ["run", "--dataset", "tasks", "--path", str(FIXTURE), "--out", str(tmp_path / "o")]
    proc = _run(args + ["--seed", "-1"], cache)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "execir: error: --seed must be a non-negative integer, got -1"
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    proc = _run(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--out", str(afile)], cache)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"execir: error: --out {afile} exists and is not a folder"
    env_key = os.environ.pop("OPENAI_API_KEY", None)
    try:
        proc = _run(args + ["--systems", "bm25,api:openai/text-embedding-3-small"], cache)
    finally:
        if env_key is not None:
            os.environ["OPENAI_API_KEY"] = env_key
    assert proc.returncode == 2
    assert "OPENAI_API_KEY" in proc.stderr and "Traceback" not in proc.stderr
    # Nothing was built: the key check happens before the release build.
    assert not (cache / "releases").exists()
