"""CoREB-style solution generation for execir-poly problem folders: `execir build execir-poly
--path DIR --distractors llm --llm URL --samples 2` against a scripted server on 127.0.0.1.
Passing programs become relevance-2 documents beside the canonical, failing ones natural hard
negatives; bad answers are counted under their reason; an offline rebuild is byte-identical."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from execir.datasets.poly_sources import default_root, load_problems
from execir.datasets.sources import load_source

from .chat_server import ChatServer

SLUGS = ("crc8_polynomial_07", "extract_bit_field_value")


def _cli(args, cache: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EXECIR_LLM_API_KEY"}
    env.update(EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", "build", "execir-poly", "--workers", "2",
                           "--no-probe-gate", "--quiet", *args], capture_output=True, text=True, env=env,
                          timeout=1200)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "outputs.json"}


@pytest.mark.slow
def test_generated_solutions_are_labelled_by_execution_and_rebuilt_offline(tmp_path):
    root = tmp_path / "problems"
    for folder in sorted(default_root().glob("*/*/problem.json")):
        if folder.parent.name in SLUGS:
            shutil.copytree(folder.parent, root / folder.parent.parent.name / folder.parent.name)
    problems = load_problems(root)
    assert len(problems) == 2
    with ChatServer({p.description: dict(p.solutions) for p in problems}) as srv:
        done = _cli(["--path", str(root), "--out", str(tmp_path / "a"), "--distractors", "llm",
                     "--llm", f"{srv.url}?model=scripted", "--samples", "2"], tmp_path / "cache")
        assert done.returncode == 0, done.stderr[-3000:]
        assert srv.requests == 24  # 2 problems x 6 languages x 2 samples
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    (gen,) = manifest["generation"]["steps"]["solutions"]
    # sample 0 passes in every language; sample 1 prints "wrong" in Python (a hard negative), is cut
    # off in JavaScript and repeats sample 0 in the four other languages
    assert (gen["asked"], gen["passing"], gen["failing"]) == (24, 12, 2)
    assert gen["rejected"] == {"duplicate": 8, "truncated": 2}
    assert [p["file"] for p in manifest["generation"]["prompts"]] == ["solve_v1.txt"] and gen["model"] == "scripted"
    assert set(manifest["generation"]["steps"]) == {"solutions"}  # a complete folder: nothing else is asked
    assert manifest["build"]["keep"] == 0  # --distractors llm: no mutants
    corpus = [json.loads(line) for line in (tmp_path / "a" / "code_corpus_v2.jsonl").read_text().splitlines()]
    generated = [d for d in corpus if "generated" in json.dumps(d)]
    assert len(generated) == 14 and len(corpus) == 12 + 14  # six canonicals a problem, plus the generated
    bench, _ = load_source(str(tmp_path / "a"), cache_dir=tmp_path / "cache")
    canonical = {(p.problem_id, lang): code for p in problems for lang, code in p.solutions.items()}
    for qid, q in bench.queries.items():
        rel = bench.qrels[qid]
        if q.direction == "c2c":
            anchor = bench.corpus[q.anchor_id]
            assert anchor.code == canonical[(q.task_id, q.anchor_language)] and q.anchor_id not in rel
            for did, level in rel.items():
                doc = bench.corpus[did]
                # 2: passing in another language; 1: failing, or passing in the anchor's own language
                assert level == (2 if doc.passed and doc.language != q.anchor_language else 1), (qid, did)
        if q.direction == "t2c" and q.language is None:
            twos = [d for d, level in rel.items() if level == 2]
            assert len(twos) == 12  # six canonicals and six generated programs that pass

    again = _cli(["--path", str(root), "--out", str(tmp_path / "b"), "--distractors", "llm",
                  "--llm", "http://127.0.0.1:9/v1?model=scripted", "--samples", "2", "--offline"], tmp_path / "cache")
    assert again.returncode == 0, again.stderr[-3000:]
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
