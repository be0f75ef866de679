"""Input files of every command: one line naming file, line (and column), never run as code."""

from __future__ import annotations

import gzip

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.datasets import load_dataset
from execir.errors import DataError
from execir.execution.inputs import read_code_file, read_tests_file
from execir.formats.files import iter_jsonl


def _write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_truncated_json_tests_file_is_an_error_with_line_and_column(tmp_path):
    path = _write(tmp_path, "t.json", b'[\n "assert f(1) == 2",\n "assert f')
    with pytest.raises(DataError) as err:
        read_tests_file(path)
    assert str(err.value) == f"{path}:3: not valid JSON (Unterminated string starting at column 2)"


def test_a_line_that_is_not_python_is_rejected_not_run(tmp_path):
    path = _write(tmp_path, "t.txt", b"assert f(1) == 2\n\nassert f(\n")
    with pytest.raises(DataError, match=r"t\.txt:3: not a Python statement: '\(' was never closed"):
        read_tests_file(path)
    path = _write(tmp_path, "t2.json", b'["assert f(1) == 2", "assert ("]')
    with pytest.raises(DataError, match=r"field '\[1\]': not a Python statement"):
        read_tests_file(path)


def test_bom_is_dropped_and_invalid_utf8_names_the_line(tmp_path):
    assert read_tests_file(_write(tmp_path, "b.json", b'\xef\xbb\xbf["assert 1"]')) == ["assert 1"]
    assert read_code_file(_write(tmp_path, "c.py", b"\xef\xbb\xbfx = 1\n")) == "x = 1\n"
    with pytest.raises(DataError) as err:
        read_tests_file(_write(tmp_path, "u.txt", b"assert 1\nassert 2\nassert '\xff'\n"))
    assert str(err.value).endswith("u.txt:3: not UTF-8 text (invalid start byte)")
    with pytest.raises(DataError, match=r"c2\.py:2: not UTF-8"):
        read_code_file(_write(tmp_path, "c2.py", b"x = 1\ny = '\xc3'\n"))


def test_empty_files_name_the_file(tmp_path):
    with pytest.raises(DataError, match=r"e\.txt: the file is empty$"):
        read_tests_file(_write(tmp_path, "e.txt", b""))
    empty = _write(tmp_path, "tasks.jsonl", b"\n\n")
    with pytest.raises(DataError) as err:
        load_dataset("tasks", empty)
    assert str(err.value) == f"{empty}: no tasks: the file is empty"


def test_invalid_utf8_in_a_task_file_names_the_line(tmp_path):
    good = b'{"task_id": "a", "query": "q", "entry_point": "f", "canonical": "def f(): pass", "tests": ["f()"]}\n'
    path = _write(tmp_path, "tasks.jsonl", good + good.replace(b'"q"', b'"\xe9"'))
    with pytest.raises(DataError) as err:
        list(iter_jsonl(path))
    assert str(err.value).startswith(f"{path}:2: not UTF-8 text (invalid continuation byte")
    gz = tmp_path / "t.jsonl.gz"
    gz.write_bytes(gzip.compress(good)[:20])  # a damaged .gz
    with pytest.raises(DataError, match="cannot read"):
        list(iter_jsonl(gz))


@pytest.mark.parametrize("value", ["inf", "nan", "0", "-1", "1e12"])
def test_exec_timeout_out_of_range_is_one_line(tmp_path, value):
    code = _write(tmp_path, "c.py", b"def f():\n    return 1\n")
    tests = _write(tmp_path, "t.txt", b"assert f() == 1\n")
    result = CliRunner().invoke(app, ["exec", str(code), str(tests), "--timeout", value])
    assert result.exit_code == 2
    assert "--timeout must be a number of seconds from 0.001 to 86400" in result.output
    assert "Traceback" not in result.output and "SandboxSetup" not in result.output
