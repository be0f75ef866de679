"""`execir build --from-problems DIR --llm URL` end to end against the scripted server on
127.0.0.1: a folder with only statements, tests and some solution files becomes a CoREB-format
release: statements rewritten (checked by solving them), texts and missing canonicals written,
mutants verified, tokens and dollars counted per step; an offline rebuild is byte-identical."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from execir.datasets.poly_sources import HARD_NEGATIVE_KINDS, default_root, load_problems

from .chat_server import REWRITE, ChatServer
from .test_texts import SLUGS, stripped


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXECIR_LLM_API_KEY"}
    env.update(EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", "--workers", "2", "--no-probe-gate",
                           "--quiet", *args], capture_output=True, text=True, env=env, timeout=1200)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
def test_a_folder_of_statements_and_tests_becomes_a_release_and_rebuilds_offline(tmp_path):
    full = {p.problem_id: p for p in load_problems(default_root()) if p.problem_id.split("/")[1] in SLUGS}
    root = stripped(tmp_path)
    for name in ("solution.go", "solution.rb"):
        (root / SLUGS[0] / name).unlink()
    args = ["--from-problems", str(root), "--rewrite", "--llm-price", "1,2"]
    with ChatServer({p.description: dict(p.solutions) for p in full.values()},
                    {p.description: p.problem_id.split("/")[1] for p in full.values()}) as srv:
        done = _cli([*args, "--out", str(tmp_path / "a"), "--llm", f"{srv.url}?model=scripted",
                     "--functions-out", str(tmp_path / "fa")], tmp_path / "cache")
        assert done.returncode == 0, done.stderr[-3000:]
        # 2 rewrites + 2 solves of them, 12 texts, 2 missing languages x 2 samples, 2 functions
        assert srv.requests == 2 + 2 + 12 + 4 + 2
    (llm_line,) = [line for line in done.stdout.splitlines() if line.startswith("llm: ")]
    assert llm_line.startswith("llm: rewrite, texts, canonicals, functions: ") and \
        llm_line.endswith(" at --llm-price (22 requests sent, 0 answered by the cache)"), done.stdout
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    steps = manifest["generation"]["steps"]
    rewrite = steps["rewrite"]
    assert {k: rewrite[k] for k in ("rewritten", "unsolved", "no_rewrite", "solve_requests")} == \
        {"rewritten": 2, "unsolved": 0, "no_rewrite": 0, "solve_requests": 2}
    (texts,) = steps["texts"]
    assert texts["accepted"] == {"abbreviated": 2, "rewrite": 2, "search": 2, **{k: 2 for k in HARD_NEGATIVE_KINDS}}
    pid = f"poly/{SLUGS[0]}"
    assert steps["canonicals"]["canonicals"] == {f"{pid} go": {"model": "scripted", "sample": 0},
                                                 f"{pid} ruby": {"model": "scripted", "sample": 0}}
    assert steps["canonicals"]["asked"] == 4 and "solutions" not in steps  # --distractors mutation
    for record in (rewrite, texts, steps["canonicals"]):
        t = record["tokens"]
        assert record["cost_usd"] == round((t["prompt_tokens"] * 1 + t["completion_tokens"] * 2) / 1e6, 6) > 0
    assert [p["file"] for p in manifest["generation"]["prompts"]] == [
        "solve_v1.txt", "counterfactual_v1.txt", "paraphrase_v1.txt", "keywords_v1.txt", "hard_negative_text_v1.txt",
        "function_v1.txt"]
    # the ExecRetrieval-format release: a function per problem, its docstring the query (gone from the code)
    (functions,) = steps["functions"]
    assert (functions["asked"], functions["accepted"]) == (2, 2)
    queries = {q["metadata"]["task_id"]: q for q in _jsonl(tmp_path / "fa" / "queries.jsonl")}
    assert queries[f"poly/{SLUGS[1]}"]["text"] == ("Return the length-bit field of n that starts at bit start, or "
                                                   "None for a negative start or length.")
    fa_tasks = {t["task_id"]: t for t in _jsonl(tmp_path / "fa" / "tasks.jsonl")}
    assert fa_tasks[f"poly/{SLUGS[1]}"]["entry_point"] == "extract_field"
    assert len(fa_tasks[f"poly/{SLUGS[0]}"]["tests"]) == 7 and '"""' not in fa_tasks[f"poly/{SLUGS[0]}"]["canonical"]
    assert {t["task_id"] for t in _jsonl(tmp_path / "a" / "function_tasks.jsonl")} == set(fa_tasks)
    tasks = {t["problem_id"]: t for t in _jsonl(tmp_path / "a" / "tasks.jsonl")}
    assert {k: t["rewritten_from"] for k, t in tasks.items()} == {k: p.description for k, p in full.items()}
    assert tasks[pid]["languages"] == sorted(full[pid].solutions)  # the two generated canonicals included
    texts_corpus = _jsonl(tmp_path / "a" / "text_corpus_v2.jsonl")
    assert sorted(d["text"] for d in texts_corpus if d["meta"]["kind"] == "description") == \
        sorted(REWRITE + p.description for p in full.values())
    code = _jsonl(tmp_path / "a" / "code_corpus_v2.jsonl")
    generated = [d for d in code if "generated" in d["meta"]]  # mutants of them are not, though they inherit its comment
    assert len(generated) == 2 and all(d["code"].rstrip().endswith("generated") and d["meta"]["passed"]
                                       for d in generated)

    again = _cli([*args, "--out", str(tmp_path / "b"), "--llm", "http://127.0.0.1:9/v1?model=scripted", "--offline",
                  "--functions-out", str(tmp_path / "fb")], tmp_path / "cache")
    assert again.returncode == 0, again.stderr[-3000:]
    assert llm_line.replace("22 requests sent, 0 answered", "0 requests sent, 22 answered") in again.stdout
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert _files(tmp_path / "fa") == _files(tmp_path / "fb")


def test_from_problems_options_fail_in_one_line(tmp_path):
    root = stripped(tmp_path)
    cases = [(["execir-poly", "--from-problems", str(root)], "name a dataset (see `execir datasets`) or give "
                                                              "--from-problems DIR, not both"),
             (["--from-problems", str(root), "--rewrite"], "--rewrite needs an endpoint"),
             (["--from-problems", str(root), "--llm", "http://127.0.0.1:9/v1?model=m", "--llm-price", "1"],
              "--llm-price must be PROMPT,COMPLETION"),
             (["--from-problems", str(tmp_path / "nowhere")], "nowhere: does not exist"),
             (["--from-problems", str(root), "--llm", "http://127.0.0.1:9/v1?model=m", "--functions-out",
               str(tmp_path / "out" / "py")], "must be separate folders, neither inside the other"),
             (["execir-py", "--samples", "3"], "--samples applies to execir-poly or --from-problems with --llm"),
             (["--from-problems", str(root), "--functions-out", str(tmp_path / "f")],
              "--functions-out needs --from-problems and --llm"),
             # no text in problem.json and no --llm to write them: every problem dropped, nothing released
             (["--from-problems", str(root)], "no problem is left to release (2 read, every one dropped); first: "
                                              f"poly/{SLUGS[0]}: dropped: problem.json has no abbreviated, search")]
    for args, message in cases:
        done = _cli([*args, "--out", str(tmp_path / "out")], tmp_path / "cache")
        assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert not (tmp_path / "out").exists()
