"""Bad options give execir's one-line error (exit 2) before any work, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.cli.render import _duration
from execir.errors import UsageError
from execir.workflow.options import check_options
from execir.retrieval.spec import parse_systems

FIXTURE = Path(__file__).resolve().parent / "data" / "e2e" / "tasks.jsonl"


def _cli(args, cache: Path):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], capture_output=True,
                          text=True, env=env, timeout=300)


# ---- --out ------------------------------------------------------------------------------------

def test_out_below_a_file_is_rejected(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for out in (afile / "sub", afile / "sub" / "deeper"):
        with pytest.raises(UsageError) as err:
            check_options(out=out, seed=0, workers=None)
        assert str(err.value) == f"--out {out}: {afile} is a file, not a folder"
    check_options(out=tmp_path / "new" / "deeper", seed=0, workers=None)  # creatable: fine


def test_out_not_writable_is_rejected(tmp_path, monkeypatch):
    # Tests run as root, where mode bits do not stop writes: ask os.access to say no instead.
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == locked else real(p, mode))
    with pytest.raises(UsageError) as err:
        check_options(out=locked, seed=0, workers=None)
    assert str(err.value) == f"--out {locked}: cannot write in the folder (permission denied)"
    with pytest.raises(UsageError) as err:
        check_options(out=locked / "res", seed=0, workers=None)
    assert str(err.value) == (f"--out {locked / 'res'}: cannot write in the folder {locked} "
                              "(permission denied)")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_out_read_only_folder_as_a_user(tmp_path):
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(UsageError, match="permission denied"):
            check_options(out=locked / "res", seed=0, workers=None)
    finally:
        locked.chmod(0o755)


def test_cli_out_below_a_file_fails_before_any_work(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    cache = tmp_path / "cache"
    proc = _cli(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25",
                 "--out", str(afile / "sub"), "--quiet"], cache)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == f"execir: error: --out {afile / 'sub'}: {afile} is a file, not a folder"
    assert not (cache / "releases").exists()


def test_cli_cache_dir_below_a_file_fails_before_any_work(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    proc = _cli(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "bm25",
                 "--out", str(tmp_path / "res"), "--cache-dir", str(afile / "c"), "--quiet"],
                tmp_path / "cache")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == (f"execir: error: --cache-dir {afile / 'c'}: {afile} is a file, "
                                   "not a folder")
    assert not (tmp_path / "res").exists()


# ---- --systems --------------------------------------------------------------------------------

@pytest.mark.parametrize("systems, message", [
    ("bm25,bm25", "--systems lists bm25 more than once"),
    ("BM25,bm25", "--systems lists BM25 (as BM25, bm25) more than once"),
    ("bm25,minilm,all-MiniLM-L6-v2", "--systems lists minilm (as minilm, all-MiniLM-L6-v2) more than once"),
    ("x/y,x_y", "--systems lists x/y (as x/y, x_y) more than once"),
    ("bm25,Bm25,minilm,MINILM", "--systems lists bm25 (as bm25, Bm25); minilm (as minilm, MINILM) "
                                "more than once"),
    ("bm25+minilm,minilm+bm25", "--systems lists bm25+minilm (as bm25+minilm, minilm+bm25) more than once"),
    ("bm25+minilm,BM25+all-MiniLM-L6-v2",
     "--systems lists bm25+minilm (as bm25+minilm, BM25+all-MiniLM-L6-v2) more than once"),
])
def test_systems_naming_the_same_system_twice(systems, message):
    with pytest.raises(UsageError) as err:
        parse_systems(systems)
    assert str(err.value) == message


def test_same_model_folder_spelled_twice(tmp_path, monkeypatch):
    (tmp_path / "model").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match=r"lists model \(as model, \./model\) more than once"):
        parse_systems("model,./model")


def test_distinct_systems_pass():
    assert [s.name for s in parse_systems("bm25, bm25-code ,minilm,bm25+minilm")] == [
        "bm25", "bm25-code", "minilm", "bm25+minilm"]
    assert [s.name for s in parse_systems("bm25+minilm,bm25-code+minilm")] == [
        "bm25+minilm", "bm25-code+minilm"]


def test_cli_case_duplicates_fail_before_any_work(tmp_path):
    cache = tmp_path / "cache"
    proc = _cli(["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems", "BM25,bm25",
                 "--out", str(tmp_path / "o"), "--quiet"], cache)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "execir: error: --systems lists BM25 (as BM25, bm25) more than once"
    assert not (cache / "releases").exists() and not (tmp_path / "o").exists()


# ---- execir exec durations ----------------------------------------------------------------------

def test_duration_column():
    assert _duration("TIMEOUT", 0.0) == "-"
    assert _duration("TIMEOUT", 2.5) == "-"       # budget exhausted: no duration of its own
    assert _duration("pass", 0.0) == "-"          # never ran (the oracle records 0.0)
    assert _duration("pass", 4.2e-5) == "42 µs"
    assert _duration("FAIL", 5e-7) == "<1 µs"
    assert _duration("pass", 0.0123) == "12.3 ms"
    assert _duration("FAIL:ValueError", 2.345) == "2.35 s"


def test_exec_shows_dash_for_timeout_and_precise_times(tmp_path):
    (tmp_path / "code.py").write_text("def f(x):\n    return x * 2\n")
    (tmp_path / "tests.json").write_text(json.dumps([
        "total = sum(range(3_000_000))\nassert f(2) == 4", "assert f(1) == 2", "while True: f(1)"]))
    res = CliRunner().invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.json"),
                                   "--timeout", "1"])
    assert res.exit_code == 1, res.output
    busy, quick, looping = (line.split() for line in res.output.splitlines()[:3])
    assert busy[0] == "pass" and busy[2] == "ms" and float(busy[1]) > 0
    assert looping[:2] == ["TIMEOUT", "-"]  # ran for the whole budget: no duration of its own
    assert quick[0] == "pass" and (quick[1] == "-" or quick[2] in ("µs", "ms"))
    # no test shows a duration of exactly 0.0 ms (a substring check also matched "40.0 ms")
    assert all(line.split()[1:3] != ["0.0", "ms"] for line in res.output.splitlines()[:3])


# ---- API systems --------------------------------------------------------------------------------

@pytest.mark.slow
def test_cli_unreachable_api_is_one_line_exit_2(tmp_path, monkeypatch):
    pytest.importorskip("openai")
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed once the block ends: connections are refused
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "not-a-real-key")
    monkeypatch.setenv("EXECIR_OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    waits = []
    monkeypatch.setattr("execir.retrieval.hosted.time.sleep", waits.append)  # keep the retries short
    res = CliRunner().invoke(app, ["run", "--dataset", "tasks", "--path", str(FIXTURE), "--quiet",
                                   "--systems", "api:openai/text-embedding-3-small",
                                   "--out", str(tmp_path / "o"), "--workers", "1"])
    assert res.exit_code == 2, res.output
    assert res.output.strip() == ("execir: error: api:openai/text-embedding-3-small: cannot reach "
                                  "the API (Connection error, after 6 retries)")
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]


def test_a_json_error_names_what_and_where(tmp_path):
    """json's own message can stop mid-sentence ("Invalid control character at"); ours says where."""
    from execir.errors import DataError
    from execir.formats.files import iter_jsonl

    path = tmp_path / "q.jsonl"
    path.write_text('{"a": 1}\n{"a": "x\ty"}\n')
    try:
        list(iter_jsonl(path))
    except DataError as exc:
        assert str(exc) == f"{path}:2: not valid JSON (Invalid control character at column 9)"
    else:
        raise AssertionError("a bad line was read")
