"""Bad input is one line ``execir: error: ...`` (exit 2) on every path: click's own parsing
errors, the console script and ``python -m execir.cli.commands``, and the defects found on the way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app

FIXTURE = Path(__file__).resolve().parent / "data" / "e2e" / "tasks.jsonl"


def _module(args, tmp_path, **env):
    env = dict(os.environ, EXECIR_CACHE_DIR=str(tmp_path / "cache"), HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1", **env)
    return subprocess.run([sys.executable, "-m", "execir.cli.commands", *args], capture_output=True,
                          text=True, env=env, timeout=300, cwd=tmp_path)


# ---- click's usage errors ---------------------------------------------------------------------

@pytest.mark.parametrize("args, line", [
    (["run", "--memory", "abc"], "--memory: not an integer: 'abc'"),
    (["run", "--rerank-depth", "0"], "--rerank-depth: must be at least 1, got 0"),
    (["run", "--workers", "x"], "--workers: not an integer: 'x'"),
    (["evaluate", "rel", "--timeout", "soon"], "--timeout: not a number: 'soon'"),
    (["build", "humaneval", "--out", "o", "--min-distractors", "-1"],
     "--min-distractors: must be at least 0, got -1"),
    (["run", "--bogus"], "--bogus: 'execir run' has no such option (did you mean --out?)"),
    (["run", "--out"], "--out: requires an argument"),
    (["datasets", "--json=yes"], "--json: does not take a value"),
    (["exec"], "CODE_FILE: missing argument (see 'execir exec --help')"),
    (["exec", "code.py"], "TESTS_FILE: missing argument (see 'execir exec --help')"),
    (["build", "humaneval"], "--out: missing option (see 'execir build --help')"),
    (["datasets", "stray"], "stray: 'execir datasets' takes no such argument "
                            "(see 'execir datasets --help')"),
    (["rn"], "rn: 'execir' has no such command (did you mean run? commands: build, cache, compare, "
             "datasets, evaluate, exec, export, models, probe, report, reproduce, run, train-reranker, "
             "train-retriever)"),
    (["cache", "nope"], "nope: 'execir cache' has no such command (commands: clear, prune, stats)"),
    (["run", "--device", "gpu"], "--device must be auto, cpu or cuda, got 'gpu'"),
    (["evaluate", "rel", "--device", "gpu"], "--device must be auto, cpu or cuda, got 'gpu'"),
])
def test_usage_errors_are_one_line(tmp_path, monkeypatch, args, line):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == f"execir: error: {line}\n"
    assert result.stdout == ""


def test_python_dash_m_prints_the_same_line(tmp_path):
    """``python -m execir.cli.commands`` (and the console script, the same ``app``) print what
    CliRunner shows: the command's name is ``execir`` whatever the program was called."""
    for args, line in ((["run", "--memory", "abc"], "--memory: not an integer: 'abc'"),
                       (["exec"], "CODE_FILE: missing argument (see 'execir exec --help')"),
                       (["run", "--bogus"],
                        "--bogus: 'execir run' has no such option (did you mean --out?)")):
        proc = _module(args, tmp_path)
        assert proc.returncode == 2
        assert proc.stderr == f"execir: error: {line}\n" and proc.stdout == ""


def test_help_and_no_arguments_still_show_the_help(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [])
    assert result.exit_code == 2 and "Commands" in result.output and "execir: error" not in result.output
    result = CliRunner().invoke(app, ["run", "--help"])
    assert result.exit_code == 0 and "--rerank-depth" in result.output


def test_train_reranker_refuses_a_bad_base_or_device_before_any_work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    base = ["train-reranker", "--dataset", "tasks", "--path", str(FIXTURE), "--out", "m"]
    result = CliRunner().invoke(app, base + ["--base", "no-model"])
    assert result.exit_code == 2
    assert result.stderr == "execir: error: --base folder 'no-model' does not exist\n"
    result = CliRunner().invoke(app, base + ["--max-length", "100000"])  # MiniLM has 512 positions
    assert result.exit_code == 2 and result.stderr.startswith(
        "execir: error: --max-length 100000 exceeds the 512 positions of the model in ")
    retriever = ["train-retriever"] + base[1:]
    result = CliRunner().invoke(app, retriever + ["--max-length", "600"])
    assert result.exit_code == 2 and "--max-length 600 exceeds the 512 positions" in result.stderr
    assert not (tmp_path / "m").exists() and not (tmp_path / "cache" / "releases").exists()
    result = CliRunner().invoke(app, base + ["--device", "tpu"])
    assert result.stderr == "execir: error: --device must be auto, cpu or cuda, got 'tpu'\n"
    result = CliRunner().invoke(app, base + ["--retriever", "no-such-model"])
    assert result.exit_code == 2 and result.stderr.startswith(
        "execir: error: unknown system 'no-such-model' (not a registry name")
    assert not (tmp_path / "cache" / "releases").exists() and not (tmp_path / "m").exists()


def test_a_failed_first_export_leaves_no_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["export", "no-such-release", "--out", "new/x"])
    assert result.exit_code == 2
    assert result.stderr == ("execir: error: cannot read 'no-such-release': not a folder, and no "
                             "shipped release of that name (see `execir datasets`)\n")
    assert not (tmp_path / "new").exists()
    (tmp_path / "kept").mkdir()
    CliRunner().invoke(app, ["export", "no-such-release", "--out", "kept"])
    assert (tmp_path / "kept").is_dir()  # a folder that was there stays


# ---- JSON errors name the line and column where the problem is --------------------------------

def test_a_jsonl_line_without_its_closing_brace_names_the_column_after_it(tmp_path):
    from execir.errors import DataError
    from execir.formats.files import iter_jsonl

    line = '{"task_id": "t1", "query": "xyzwv"'  # 34 characters, no closing brace
    assert len(line) == 34
    path = tmp_path / "t.jsonl"
    path.write_text('{"a": 1}\n' + line + "\n")
    with pytest.raises(DataError) as err:
        list(iter_jsonl(path))
    assert str(err.value) == (f"{path}:2: not valid JSON (Expecting ',' delimiter at column 35, "
                              "where the text ends)")
    line = '{"task_id": "t1", "query": "x", "n"'  # 35 characters, the last key without its value
    path.write_text('{"a": 1}\n\n' + line + "\n")
    with pytest.raises(DataError) as err:
        list(iter_jsonl(path))
    assert str(err.value) == f"{path}:3: not valid JSON (Expecting ':' delimiter at column 36, where the text ends)"
    path.write_text('{"a": 1}\n{"a": tru}\n')  # a problem inside the line: its own column
    with pytest.raises(DataError) as err:
        list(iter_jsonl(path))
    assert str(err.value) == f"{path}:2: not valid JSON (Expecting value at column 7)"


def test_a_json_file_names_the_line_and_column_where_it_stops(tmp_path):
    from execir.errors import DataError
    from execir.formats.files import read_json

    path = tmp_path / "m.json"
    path.write_text('{\n  "name": "x",\n  "counts": [1, 2\n\n')  # ']' missing: line 3, after "2"
    with pytest.raises(DataError) as err:
        read_json(path)
    assert str(err.value) == f"{path}:3: not valid JSON (Expecting ',' delimiter at column 18, where the text ends)"
    path.write_text('{\n  "name" "x"\n}\n')
    with pytest.raises(DataError) as err:
        read_json(path)
    assert str(err.value) == f"{path}:2: not valid JSON (Expecting ':' delimiter at column 10)"
    path.write_text("\n\n")
    with pytest.raises(DataError) as err:
        read_json(path)
    assert str(err.value) == f"{path}:1: not valid JSON (only white space)"


def test_a_coreb_file_names_the_column(tmp_path):
    from execir.errors import DataError
    from execir.formats.coreb import load_coreb

    (tmp_path / "code_corpus_v2.jsonl").write_text('{"code_id": "c1", "code": "x = 1"\n')
    with pytest.raises(DataError) as err:
        load_coreb(tmp_path)
    assert str(err.value) == (f"{tmp_path / 'code_corpus_v2.jsonl'}:1: not valid JSON (Expecting ',' "
                              "delimiter at column 34, where the text ends)")


def test_an_invalid_json_tests_file_is_a_json_error_not_python(tmp_path):
    code = tmp_path / "code.py"
    code.write_text("def f(x):\n    return x\n")
    tests = tmp_path / "tests.json"
    tests.write_text('{"input": "1", "output": "1"\n')
    result = CliRunner().invoke(app, ["exec", str(code), str(tests)])
    assert result.exit_code == 2
    assert result.stderr == (f"execir: error: {tests}:1: not valid JSON (Expecting ',' delimiter at "
                             "column 29, where the text ends)\n")
    tests.write_text('"assert f(1) == 1"\n')  # valid JSON, but not a list
    result = CliRunner().invoke(app, ["exec", str(code), str(tests)])
    assert result.stderr == (f"execir: error: {tests}: expected a JSON list of test strings or of "
                             '{"input": str, "output": str} objects, got a JSON string\n')
    tests.write_text('{"input": "1", "output": "1"}\n')  # one stdin/stdout test, not in a list
    result = CliRunner().invoke(app, ["exec", str(code), str(tests)])
    assert result.stderr.endswith("objects, got a JSON object\n")
    tests.write_text('[\n  "assert f(1) == 1",\n  "assert f(2) == 2"\n')  # no closing bracket
    result = CliRunner().invoke(app, ["exec", str(code), str(tests)])
    assert result.stderr == (f"execir: error: {tests}:3: not valid JSON (Expecting ',' delimiter at "
                             "column 21, where the text ends)\n")


# ---- Results.metric takes the printed spelling; unknown names list the valid ones --------------

def _results():
    from execir.api import Results
    from execir.evaluation.metrics import SPECS

    keys = ["exec@1", "canonical_ndcg@10", "ndcg@10", "precision@1"]
    metrics = [{"key": k, "name": k.split("@")[0], "k": int(k.split("@")[1]),
                "title": SPECS[k.split("@")[0]].title} for k in keys]
    systems = [{"system": "bm25", "metrics": {k: {"value": 0.1 * (i + 1)} for i, k in enumerate(keys)}},
               {"system": "MiniLM", "metrics": {k: {"value": 0.5} for k in keys}}]
    return Results(leaderboard={"metrics": metrics, "systems": systems}, pairwise={}, analyses={},
                   runs={}, evaluation=None)


def test_results_metric_accepts_the_printed_spelling():
    results = _results()
    assert results.metric("bm25", "nDCG@10") == pytest.approx(0.3)          # ndcg@10
    assert results.metric("bm25", "NDCG@10") == pytest.approx(0.3)
    assert results.metric("bm25", "ndcg@10") == pytest.approx(0.3)
    assert results.metric("bm25", "P@1") == pytest.approx(0.4)              # precision@1
    assert results.metric("bm25", "canonical-ID nDCG@10") == pytest.approx(0.2)
    assert results.metric("bm25", "Exec@1") == pytest.approx(0.1)
    assert results.metric("minilm", "exec@1") == 0.5                        # system up to case


def test_results_metric_unknown_names_list_the_valid_ones():
    from execir.errors import UsageError

    results = _results()
    with pytest.raises(KeyError) as err:
        results.metric("bm25", "ndcg@7")
    assert isinstance(err.value, UsageError)
    assert str(err.value) == ("unknown metric 'ndcg@7'; these results have: exec@1, "
                              "canonical_ndcg@10, ndcg@10, precision@1")
    with pytest.raises(KeyError) as err:
        results.metric("bm26", "exec@1")
    assert str(err.value) == "unknown system 'bm26'; these results have: bm25, MiniLM"


# ---- an ASCII terminal degrades the output, never crashes -------------------------------------

def test_ascii_output_degrades_instead_of_crashing(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "execir.cli.commands", "datasets"], capture_output=True,
                          env=dict(os.environ, PYTHONIOENCODING="ascii", COLUMNS="80",
                                   EXECIR_CACHE_DIR=str(tmp_path / "cache")),
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert b"UnicodeEncodeError" not in proc.stderr and proc.stderr == b""
    text = proc.stdout.decode("ascii")  # rich drew the table in ASCII, replaced the rest
    assert "execir-py" in text and "humaneval" in text and "+---" in text
    assert "?" in text  # the ellipsis of a cut description
    proc = subprocess.run([sys.executable, "-m", "execir.cli.commands", "models"], capture_output=True,
                          env=dict(os.environ, PYTHONIOENCODING="ascii",
                                   EXECIR_CACHE_DIR=str(tmp_path / "cache")),
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    text = proc.stdout.decode("ascii")  # not one box character
    assert "+---" in text and "minilm" in text


# ---- a UTF-8 BOM at the start of a user file is dropped ---------------------------------------

BOM = b"\xef\xbb\xbf"


def test_a_task_file_with_a_bom_is_read(tmp_path):
    from execir.datasets import load_dataset

    data = FIXTURE.read_bytes()
    path = tmp_path / "my.jsonl"
    path.write_bytes(BOM + data)
    with_bom, without = load_dataset("tasks", path), load_dataset("tasks", FIXTURE)
    assert with_bom == without and len(with_bom) == 5
    assert with_bom[0].task_id == "e2e/clamp_to_range"
    path.write_bytes(BOM + BOM + data)  # only one BOM is dropped: a second is an error
    from execir.errors import DataError

    with pytest.raises(DataError, match=r"my\.jsonl:1: not valid JSON"):
        load_dataset("tasks", path)


def test_json_qrels_mbpp_and_registry_files_with_a_bom_are_read(tmp_path):
    import json

    from execir.datasets.mbpp import load_mbpp
    from execir.formats.files import read_json, read_qrels
    from execir.retrieval.registry import load_entries

    (tmp_path / "a.json").write_bytes(BOM + b'{"name": "x"}\n')
    assert read_json(tmp_path / "a.json") == {"name": "x"}
    (tmp_path / "q.tsv").write_bytes(BOM + b"query-id\tcorpus-id\tscore\nq1\ts1\t2\n")
    assert read_qrels(tmp_path / "q.tsv") == {"q1": {"s1": 2}}
    row = {"task_id": 2, "text": "Write a function to add two numbers.",
           "code": "def add(a, b):\n    return a + b", "test_list": ["assert add(1, 2) == 3"]}
    (tmp_path / "sanitized-mbpp.json").write_bytes(BOM + json.dumps([row]).encode())
    [task] = load_mbpp(tmp_path / "sanitized-mbpp.json")
    assert task.entry_point == "add" and task.tests == ("assert add(1, 2) == 3",)
    (tmp_path / "reg.toml").write_bytes(BOM + b'[[model]]\nname = "bom-model"\nmodel_id = "me/bom"\n'
                                        b'provider = "openai"\ndims = 3\n')
    [entry] = load_entries(tmp_path / "reg.toml")
    assert (entry.name, entry.model_id, entry.dims) == ("bom-model", "me/bom", 3)


# ---- an unknown task language is an error naming file, line and field -------------------------

def test_an_unknown_task_language_names_file_line_and_field(tmp_path, monkeypatch):
    lines = FIXTURE.read_text().splitlines()
    lines[2] = lines[2].replace('"language": "python"', '"language": "cobol"')
    path = tmp_path / "my.jsonl"
    path.write_text("\n".join(lines) + "\n")
    message = (f"{path}:3: field 'language': unknown language 'cobol'; the oracle runs python, "
               "cpp, java, go, ruby, javascript, rust")
    from execir.datasets import load_dataset
    from execir.errors import DataError

    with pytest.raises(DataError) as err:
        load_dataset("tasks", path)
    assert str(err.value) == message
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["build", "tasks", "--path", str(path), "--out", "rel"])
    assert result.exit_code == 2 and result.stderr == f"execir: error: {message}\n"
    assert not (tmp_path / "rel").exists()
    lines[2] = lines[2].replace('"language": "cobol"', '"language": "py"')  # an alias is fine,
    path.write_text("\n".join(lines) + "\n")
    assert load_dataset("tasks", path)[2].language == "python"  # stored under its own name


# ---- two files for one name: an error naming both ---------------------------------------------

def _beir(folder: Path) -> None:
    (folder / "qrels").mkdir(parents=True)
    (folder / "corpus.jsonl").write_text('{"_id": "d1", "text": "def f(): pass"}\n')
    (folder / "queries.jsonl").write_text('{"_id": "q1", "text": "f"}\n')
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t2\n")


@pytest.mark.parametrize("name", ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"])
def test_a_plain_and_a_gz_file_of_one_name_is_an_error(tmp_path, name):
    import gzip

    from execir.errors import DataError
    from execir.formats.beir import load_beir

    folder = tmp_path / "beir"
    _beir(folder)
    assert set(load_beir(folder).corpus) == {"d1"}
    (folder / f"{name}.gz").write_bytes(gzip.compress((folder / name).read_bytes()))
    with pytest.raises(DataError) as err:
        load_beir(folder)
    plain = folder / name
    assert str(err.value) == (f"{plain}: both {plain.name} and {plain.name}.gz exist in "
                              f"{plain.parent}: keep one")


def test_two_coreb_corpora_of_one_name_is_an_error(tmp_path):
    from execir.errors import DataError
    from execir.formats.coreb import load_coreb

    for name in ("code_corpus_v2.jsonl", "code_corpus.jsonl"):
        (tmp_path / name).write_text("")
    with pytest.raises(DataError) as err:
        load_coreb(tmp_path)
    assert str(err.value) == (f"{tmp_path / 'code_corpus_v2.jsonl'}: both code_corpus_v2.jsonl and "
                              f"code_corpus.jsonl exist in {tmp_path}: keep one")


# ---- execir exec shows why a test is ERROR without --json -------------------------------------

def test_exec_prints_the_syntax_error_of_python_code(tmp_path):
    (tmp_path / "bad.py").write_text("def f(x):\n    return x +\n")
    (tmp_path / "t.txt").write_text("assert f(1) == 2\n")
    result = CliRunner().invoke(app, ["exec", str(tmp_path / "bad.py"), str(tmp_path / "t.txt")])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:] == [
        "output of the code (compiler or program):",
        "  SyntaxError: invalid syntax (line 2, column 15)",
        "0/1 passed"]


def test_exec_prints_the_first_20_lines_of_what_a_failing_load_printed(tmp_path):
    (tmp_path / "load.py").write_text("for i in range(30):\n    print('line', i)\n"
                                      "raise RuntimeError('at load')\n")
    (tmp_path / "t.txt").write_text("assert f(1) == 2\n")
    result = CliRunner().invoke(app, ["exec", str(tmp_path / "load.py"), str(tmp_path / "t.txt")])
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ERROR:RuntimeError")
    assert lines[1:23] == (["output of the code (compiler or program):"]
                           + [f"  line {i}" for i in range(20)]
                           + ["  ... 10 more line(s) (--json shows all)"])
    assert lines[23] == "0/1 passed"


def test_exec_prints_the_compiler_errors(tmp_path):
    import shutil

    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    (tmp_path / "add.cpp").write_text("int add(int a, int b) { return a + ; }\n")
    (tmp_path / "io.json").write_text('[{"input": "1 2", "output": "3"}]')
    result = CliRunner().invoke(app, ["exec", str(tmp_path / "add.cpp"), str(tmp_path / "io.json"),
                                      "--language", "cpp"])
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["ERROR:CompileError", "-", "stdin:", "'1", "2'"]
    assert lines[1] == "output of the code (compiler or program):"
    assert any("error: expected primary-expression" in line for line in lines[2:-1])
    assert lines[-1] == "0/1 passed"


def test_exec_prints_no_diagnostic_when_no_test_is_an_error(tmp_path):
    (tmp_path / "r.py").write_text("def f(x):\n    print('noise')\n    raise ValueError('boom')\n")
    (tmp_path / "t.txt").write_text("assert f(1) == 2\n")
    result = CliRunner().invoke(app, ["exec", str(tmp_path / "r.py"), str(tmp_path / "t.txt")])
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("FAIL:ValueError") and lines[1] == "0/1 passed"


# ---- report and export say what they wrote where ----------------------------------------------

def test_report_and_export_say_what_they_wrote_where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    run = CliRunner().invoke(app, ["run", "--dataset", "tasks", "--path", str(FIXTURE), "--systems",
                                   "bm25", "--out", "res", "--quiet", "--workers", "1"])
    assert run.exit_code == 0, run.output
    (tmp_path / "res" / "report.html").unlink()
    result = CliRunner().invoke(app, ["report", "res"])
    assert result.exit_code == 0
    assert result.stderr == "wrote res/report.html (figures in res/figures)\n"
    assert result.stdout == "" and (tmp_path / "res" / "report.html").is_file()
    result = CliRunner().invoke(app, ["export", "res/release", "--format", "beir", "--out", "exp"])
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == "wrote 3 files or folders to exp: corpus.jsonl, queries.jsonl, qrels/test.tsv\n"


def test_a_full_disk_is_one_line_that_says_what_was_kept(capsys):
    import errno

    import typer

    from execir.cli.errors import DISK_FULL, user_errors

    @user_errors
    def command():
        raise OSError(errno.ENOSPC, "No space left on device", "out/.execir-staging-x/runs/a.jsonl")

    with pytest.raises(typer.Exit) as caught:
        command()
    assert caught.value.exit_code == 2
    assert capsys.readouterr().err == ("execir: error: out/.execir-staging-x/runs/a.jsonl: "
                                       "No space left on device" + DISK_FULL + "\n")
