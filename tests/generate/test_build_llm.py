"""`execir build --distractors llm --llm URL?model=NAME` against a scripted server on 127.0.0.1:
LLM bugs are planted only when they are one edit that fails a test like any mutant, the answers
are cached, and a rebuild with `--offline` makes the same release byte for byte with no request."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from .chat_server import ChatServer

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXECIR_LLM_API_KEY"}
    env.update(EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", "tasks", "--path", str(FIXTURE),
                           "--workers", "1", *args], capture_output=True, text=True, env=env, timeout=600)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "outputs.json"}


def test_llm_distractors_are_gated_cached_and_rebuilt_offline(tmp_path):
    cache = tmp_path / "cache"
    with ChatServer() as srv:
        srv.fail = [429]
        done = _cli(["--out", str(tmp_path / "a"), "--distractors", "llm", "--llm", f"{srv.url}?model=scripted",
                     "--families", "star", "--no-probe-gate", "--llm-price", "2.5,15"], cache)
        assert done.returncode == 0, done.stderr
        assert srv.requests == 30  # 5 tasks x 6 types, the rate-limited one retried
        assert "(30 requests sent, 0 answered by the cache, 1 retries)" in done.stderr
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    record = manifest["generation"]
    (gen,) = record["models"]
    assert gen["model"] == "scripted" and record["distractors"] == "llm" and gen["asked"] == 30
    assert record["prompt"]["file"] == "inject_bug_v1.txt"
    # ExecRetrieval's appendix B prices ($2.50 / $15 per million prompt / completion tokens)
    tokens = gen["tokens"]
    assert gen["cost_usd"] == round((2.5 * tokens["prompt_tokens"] + 15 * tokens["completion_tokens"]) / 1e6, 6) > 0
    assert record["price_usd_per_million_tokens"] == {"prompt": 2.5, "completion": 15.0}
    # the script refuses swap_arguments, truncates remove_edge_case_check and re-indents the whole
    # function for off_by_one_boundary, for every task
    for reason in ("no_code_block", "truncated", "not_one_edit"):
        assert gen["rejected"][reason] == 5
    assert gen["accepted"] + sum(gen["rejected"].values()) == 30
    assert gen["by_type"]["swap_arguments"] == 0 and gen["by_type"]["off_by_one"] == 5
    corpus = [json.loads(line) for line in (tmp_path / "a" / "corpus.jsonl").read_text().splitlines()]
    planted = [r["metadata"]["mutation"] for r in corpus if r["metadata"]["kind"] == "distractor"]
    assert planted and all(m["operator"].startswith("llm_") for m in planted)  # no engine mutant
    report = json.loads((tmp_path / "a" / "build_report.json").read_text())
    assert report["generation"] == record and report["mutants"]["total"] == gen["accepted"]
    # a survivor or a crash-only kill is never planted, whatever wrote it
    assert len(planted) == report["mutants"]["by_status"]["killed_wrong_output"]

    # offline, from the cache, with an endpoint that is not even there: the same bytes
    again = _cli(["--out", str(tmp_path / "b"), "--distractors", "llm", "--llm", "http://127.0.0.1:9/v1?model=scripted",
                  "--offline", "--families", "star", "--no-probe-gate", "--llm-price", "2.5,15"], cache)
    assert again.returncode == 0, again.stderr
    assert "(0 requests sent, 30 answered by the cache, 0 retries)" in again.stderr
    assert _files(tmp_path / "a") == _files(tmp_path / "b")

    # both: an LLM bug that is also one of the engine's mutants is planted once, no task lost
    both = _cli(["--out", str(tmp_path / "c"), "--distractors", "both", "--llm", "http://127.0.0.1:9/v1?model=scripted",
                 "--offline", "--families", "star", "--no-probe-gate"], cache)
    assert both.returncode == 0, both.stderr
    assert "5/5 tasks released" in both.stdout
    corpus = [json.loads(line) for line in (tmp_path / "c" / "corpus.jsonl").read_text().splitlines()]
    codes = [r["text"] for r in corpus]
    assert len(codes) == len(set(codes))


def test_several_models_are_asked_in_turn_and_a_bug_is_kept_once(tmp_path):
    with ChatServer() as srv:
        args = ["--distractors", "llm", "--llm", f"{srv.url}?model=one", "--llm", f"{srv.url}?model=two",
                "--families", "star", "--no-probe-gate"]
        done = _cli(["--out", str(tmp_path / "two"), *args], tmp_path / "cache")
        assert done.returncode == 0, done.stderr
        assert srv.requests == 60
        single = _cli(["--out", str(tmp_path / "one"), *args[:4], *args[6:]], tmp_path / "cache")
        assert single.returncode == 0, single.stderr
    models = json.loads((tmp_path / "two" / "manifest.json").read_text())["generation"]["models"]
    assert [m["model"] for m in models] == ["one", "two"] and models[0]["accepted"] == models[1]["accepted"]
    assert models[0]["new"] == models[0]["accepted"] > 0 and models[1]["new"] == 0  # two wrote only one's bugs
    # the scripted server writes the same bug for both models: planted once
    assert (tmp_path / "two" / "corpus.jsonl").read_bytes() == (tmp_path / "one" / "corpus.jsonl").read_bytes()
    dup = _cli(["--out", str(tmp_path / "x"), "--distractors", "llm", "--llm", "http://127.0.0.1:9/v1?model=m",
                "--llm", "http://127.0.0.1:8/v1?model=m"], tmp_path / "cache")
    assert dup.returncode == 2 and "--llm: each model once" in dup.stderr


def test_offline_without_the_answers_is_one_line_and_writes_nothing(tmp_path):
    done = _cli(["--out", str(tmp_path / "a"), "--distractors", "both", "--llm", "http://127.0.0.1:9/v1?model=m",
                 "--offline", "--quiet"], tmp_path / "cache")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("execir: error: --offline: a request to m is not in the response cache")
    assert not (tmp_path / "a").exists()


def test_a_remote_endpoint_without_a_key_fails_before_any_work(tmp_path):
    done = _cli(["--out", str(tmp_path / "a"), "--distractors", "llm", "--llm", "https://llm.invalid/v1?model=m"],
                tmp_path / "cache")
    assert done.returncode == 2 and "is remote and needs an API key: set EXECIR_LLM_API_KEY" in done.stderr
    assert not (tmp_path / "a").exists() and not (tmp_path / "cache").exists()


def test_llm_options_need_llm_distractors(tmp_path):
    done = _cli(["--out", str(tmp_path / "a"), "--llm", "http://127.0.0.1:9/v1?model=m"], tmp_path / "cache")
    assert done.returncode == 2 and "--llm and --offline need --distractors llm or both" in done.stderr
