"""`execir exec`, `execir cache stats`, `execir cache clear`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from execir.cli.commands import app

runner = CliRunner()


def test_exec_text_tests_file(tmp_path):
    (tmp_path / "code.py").write_text("def f(x):\n    print('hello')\n    return x * 2\n")
    (tmp_path / "tests.txt").write_text("assert f(2) == 4\n\nassert f(2) == 5\n")
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.txt")])
    assert res.exit_code == 1
    lines = res.output.splitlines()
    assert lines[0].startswith("pass") and lines[1].startswith("FAIL ") and lines[-1] == "1/2 passed"


def test_exec_json_tests_file_and_json_output(tmp_path):
    (tmp_path / "code.py").write_text("def f(x):\n    print('hello')\n    return x * 2\n")
    (tmp_path / "tests.json").write_text(json.dumps(["assert f(1) == 2", "x = 1\nassert f(x) == 2"]))
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.json"),
                              "--json", "--timeout", "2"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["outcomes"] == ["pass", "pass"] and out["passed"] is True
    assert out["output"] == "hello\nhello\n"
    assert out["sandbox"]["subreaper"] is True
    assert out["diagnostic"] == []


def test_exec_json_says_why_a_test_is_an_error(tmp_path):
    (tmp_path / "code.py").write_text("def f(:\n    pass\n")
    (tmp_path / "tests.json").write_text(json.dumps(["assert f() is None"]))
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.json"),
                              "--json"])
    assert res.exit_code == 1, res.output
    out = json.loads(res.output)
    assert out["outcomes"] == ["ERROR:SyntaxError"]
    assert out["diagnostic"] == ["output of the code (compiler or program):",
                                 "  SyntaxError: invalid syntax (line 1, column 7)"]


def test_exec_other_language_stdin_tests(tmp_path):
    import shutil

    import pytest
    if shutil.which("node") is None:
        pytest.skip("needs node")
    (tmp_path / "add.js").write_text(
        "const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number);\n"
        "console.log(a + b);\n")
    (tmp_path / "tests.json").write_text(json.dumps([{"input": "1 2", "output": "3"},
                                                     {"input": "2 2", "output": "5"}]))
    res = runner.invoke(app, ["exec", str(tmp_path / "add.js"), str(tmp_path / "tests.json"),
                              "--language", "js"])
    assert res.exit_code == 1, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("pass") and lines[0].endswith("stdin: '1 2'")
    assert lines[1].startswith("FAIL ") and lines[-1] == "1/2 passed"


def test_exec_language_errors_are_one_line(tmp_path):
    (tmp_path / "code.js").write_text("console.log(1)\n")
    (tmp_path / "tests.txt").write_text("assert f(1) == 1\n")
    res = runner.invoke(app, ["exec", str(tmp_path / "code.js"), str(tmp_path / "tests.txt"),
                              "--language", "cobol"])
    assert res.exit_code == 2 and "--language 'cobol': expected one of python, cpp" in res.output
    res = runner.invoke(app, ["exec", str(tmp_path / "code.js"), str(tmp_path / "tests.txt"),
                              "--language", "javascript"])
    assert res.exit_code == 2 and "javascript tests must be a JSON list" in res.output
    (tmp_path / "mixed.json").write_text(json.dumps([{"input": "", "output": "1"}, "x"]))
    res = runner.invoke(app, ["exec", str(tmp_path / "code.js"), str(tmp_path / "mixed.json"),
                              "-l", "javascript"])
    assert res.exit_code == 2 and "field '[1]'" in res.output


def test_exec_bad_tests_file_is_one_line_error(tmp_path):
    (tmp_path / "code.py").write_text("x = 1\n")
    (tmp_path / "tests.json").write_text('["assert x",\n 3]')
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.json")])
    assert res.exit_code == 2
    assert "tests.json" in res.output and "field '[1]'" in res.output
    (tmp_path / "empty.txt").write_text("\n\n")
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "empty.txt")])
    assert res.exit_code == 2 and "no tests found" in res.output


def test_cache_stats_and_clear(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path))
    from execir.execution import Limits, default_cache, run_many

    with default_cache() as cache:
        run_many([("x = 1\n", ["assert x == 1"])], workers=1, cache=cache,
                 limits=Limits(timeout=1.0))
    res = runner.invoke(app, ["cache", "stats"])
    assert res.exit_code == 0 and "rows: 1 (1 all-pass)" in res.output
    res = runner.invoke(app, ["cache", "clear"])
    assert res.exit_code == 0 and "removed 1 rows" in res.output
    assert "rows: 0" in runner.invoke(app, ["cache", "stats"]).output


def test_exec_json_durations_are_null_when_none_was_recorded(tmp_path):
    (tmp_path / "code.py").write_text("def f(x):\n    return x\n")
    (tmp_path / "tests.json").write_text(json.dumps(["assert f(1) == 1", "while True:\n    pass"]))
    res = runner.invoke(app, ["exec", str(tmp_path / "code.py"), str(tmp_path / "tests.json"),
                              "--json", "--timeout", "0.5"])
    out = json.loads(res.output)
    assert out["outcomes"] == ["pass", "TIMEOUT"]
    assert out["durations"][0] > 0 and out["durations"][1] is None
