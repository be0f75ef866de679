"""execir.repo.source: the static scan of a repository (no execution)."""

from __future__ import annotations

import shutil
from pathlib import Path

from execir.repo.source import is_test_file, module_of, scan, source_files, summary, tree_digest, unparsable

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "repo" / "minirepo"


def test_source_files_leave_out_tests_and_environments(tmp_path):
    repo = tmp_path / "r"
    shutil.copytree(FIXTURE, repo)
    (repo / ".venv" / "lib").mkdir(parents=True)
    (repo / ".venv" / "lib" / "x.py").write_text("def f():\n    return 1\n")
    (repo / "conftest.py").write_text("")
    (repo / "build" / "lib").mkdir(parents=True)
    (repo / "build" / "lib" / "copy.py").write_text("def f():\n    return 1\n")
    assert source_files(repo) == ["src/minipkg/__init__.py", "src/minipkg/numbers.py", "src/minipkg/text.py"]
    (repo / "src" / "minipkg" / "build").mkdir()  # a subpackage named like build output is source
    (repo / "src" / "minipkg" / "build" / "__init__.py").write_text("")
    assert "src/minipkg/build/__init__.py" in source_files(repo)
    assert is_test_file("tests/test_a.py") and is_test_file("pkg/a_test.py") and is_test_file("pkg/tests/h.py")
    assert not is_test_file("pkg/testing_helpers.py")


def test_module_names_follow_packages_not_folders():
    assert module_of(FIXTURE, "src/minipkg/text.py") == ("minipkg.text", "src")
    assert module_of(FIXTURE, "src/minipkg/__init__.py") == ("minipkg", "src")


def test_scan_finds_functions_and_methods_with_their_spans():
    functions, counts = scan(FIXTURE)
    by_id = {f.task_id: f for f in functions}
    assert sorted(by_id) == ["minipkg.numbers:Stats.__init__", "minipkg.numbers:Stats.mean",
                             "minipkg.numbers:_helper", "minipkg.numbers:clamp",
                             "minipkg.numbers:running_max", "minipkg.text:count_vowels",
                             "minipkg.text:slugify"]
    assert counts["functions"] == 7 and counts["files"] == 3
    mean = by_id["minipkg.numbers:Stats.mean"]
    lines = (FIXTURE / mean.file).read_text().splitlines()
    assert lines[mean.start - 1] == "    def mean(self):" and mean.col == 4
    assert lines[mean.end - 1] == "        return total / len(self.values)"
    # dedented, docstring gone; the docstring kept apart for the harness
    assert mean.snippet.startswith("def mean(self):\n    if not self.values:\n")
    assert '"""' not in mean.snippet
    # the docstring as written, its blank lines kept (a doctest's blank line ends an example)
    assert mean.doc_source == ('    """Arithmetic mean of the values, zero for an empty list.\n\n'
                               '    >>> Stats([1, 2]).mean()\n    1.5\n\n'
                               '    >>> Stats([]).mean()\n    0.0\n    """\n')
    assert mean.statements == 6  # if, return, assign, for, aug-assign, return


def test_snippet_is_empty_where_it_cannot_be_cut_out(tmp_path):
    (tmp_path / "m.py").write_text(
        'def one_line():\n    """Doc only."""\n\n'
        'def same_line():\n    """Doc."""; return 1\n\n'
        'def fine(x):\n    """Doc of fine.\n\n    More.\n    """\n    return x + 1\n')
    by_name = {f.qualname: f for f in scan(tmp_path)[0]}
    assert by_name["one_line"].snippet == ""
    assert by_name["same_line"].snippet == ""
    assert by_name["fine"].snippet == "def fine(x):\n    return x + 1\n"
    assert summary(by_name["fine"].docstring) == "Doc of fine."


def test_nested_and_duplicated_functions_are_counted_and_skipped(tmp_path):
    (tmp_path / "m.py").write_text(
        "def outer():\n    def inner():\n        return 1\n    return inner()\n\n"
        "class P:\n    @property\n    def x(self):\n        return 1\n\n"
        "    @x.setter\n    def x(self, v):\n        pass\n")
    functions, counts = scan(tmp_path)
    assert [f.qualname for f in functions] == ["outer"]
    assert counts["nested_skipped"] == 1 and counts["ambiguous_skipped"] == 2


def test_a_file_that_does_not_parse_is_counted_and_named(tmp_path):
    (tmp_path / "good.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "bad.py").write_text("x = 1\n\ndef broken(:\n    pass\n")
    functions, counts = scan(tmp_path)
    assert [f.qualname for f in functions] == ["f"] and counts["unparsable_files"] == 1
    assert unparsable(tmp_path) == [("bad.py", "line 3: invalid syntax")]


def test_overload_stubs_leave_their_implementation_unambiguous(tmp_path):
    (tmp_path / "m.py").write_text(
        "import typing as t\nfrom typing import overload\n\n"
        "@overload\ndef head(xs: list) -> int: ...\n\n"
        "@t.overload\ndef head(xs: str) -> str: ...\n\n"
        "def head(xs):\n    \"\"\"Return the first item of a sequence.\"\"\"\n    return xs[0]\n")
    functions, counts = scan(tmp_path)
    assert [(f.qualname, f.start, f.snippet) for f in functions] == [("head", 10, "def head(xs):\n    return xs[0]\n")]
    assert counts["overload_stubs"] == 2 and counts["ambiguous_skipped"] == 0


def test_tree_digest_sees_content_and_names_not_pycache(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "r")
    d0, n = tree_digest(tmp_path / "r")
    (tmp_path / "r" / "src" / "__pycache__").mkdir()
    (tmp_path / "r" / "src" / "__pycache__" / "x.pyc").write_bytes(b"x")
    assert tree_digest(tmp_path / "r") == (d0, n)
    (tmp_path / "r" / "build").mkdir()
    (tmp_path / "r" / "build" / "x.py").write_text("x = 1\n")
    assert tree_digest(tmp_path / "r") == (d0, n)
    (tmp_path / "r" / "src" / "minipkg" / "build").mkdir()  # a subpackage's files count
    (tmp_path / "r" / "src" / "minipkg" / "build" / "x.py").write_text("x = 1\n")
    d1, n1 = tree_digest(tmp_path / "r")
    assert d1 != d0 and n1 == n + 1
    target = tmp_path / "r" / "src" / "minipkg" / "text.py"
    target.write_text(target.read_text() + "\n")
    assert tree_digest(tmp_path / "r")[0] != d1


def test_a_module_with_a_byte_order_mark_is_scanned(tmp_path):
    repo = tmp_path / "r"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "__init__.py").write_bytes(b"")
    (repo / "pkg" / "m.py").write_bytes(b"\xef\xbb\xbfdef f(x):\n    \"\"\"Add one to x.\"\"\"\n    return x + 1\n")
    functions, counts = scan(repo)
    assert counts["unparsable_files"] == 0
    assert [(f.task_id, f.start, f.snippet) for f in functions] == [("pkg.m:f", 1, "def f(x):\n    return x + 1\n")]


def test_a_tasks_session_keeps_options_not_selections(tmp_path):
    from execir.repo.discover import session_options

    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text("")
    args = ["tests", "-k", "not slow", "-p", "tests", "-o", "x=1", "--deselect=tests/test_a.py::b",
            "tests/test_a.py::A", "-mfoo", "--import-mode=importlib"]
    assert session_options(args, tmp_path) == ["-p", "tests", "-o", "x=1", "--import-mode=importlib"]
