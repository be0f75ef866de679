"""Discovery and source tests against the fixture repository, in the sandbox (execir.repo)."""

from __future__ import annotations

import pytest

from execir.errors import UsageError
from execir.execution import Oracle
from execir.repo.discover import discover
from execir.repo.source import tree_digest


@pytest.fixture()
def found(repo):
    with Oracle(workers=2) as oracle:
        yield discover(repo, oracle), oracle


def test_discovery_counts_and_covering_tests(found):
    d, _ = found
    assert d.tests == {"collected": 23, "passed": 23, "failed_or_skipped": 0, "passed_over_1s": 0,
                       "stopped_after_60s": 0}
    c = d.counts
    assert (c["functions"], c["with_docstring"], c["covered_min_tests"], c["kept"]) == (7, 5, 5, 5)
    assert d.left_out == []  # the two functions without a docstring are no candidates
    by_id = {t.task_id: t for t in d.tasks}
    assert by_id["minipkg.text:count_vowels"].metadata["node_ids"] == [
        "src/minipkg/text.py::minipkg.text.count_vowels",  # the doctest in its docstring
        "tests/check_text.py::test_vowels_empty", "tests/check_text.py::test_vowels_none",
        "tests/check_text.py::test_vowels_simple", "tests/check_text.py::test_vowels_upper"]
    clamp = by_id["minipkg.numbers:clamp"]
    assert clamp.query == "Limit a number to the closed interval from low to high."
    assert clamp.entry_point == "clamp" and '"""' not in clamp.canonical


def test_every_documented_function_left_out_is_named_with_its_reason(repo):
    # issue 55 item 4: with --min-tests 5, two documented functions have fewer passing covering tests
    from execir.repo.repo_release import left_out_line

    with Oracle(workers=2) as oracle:
        d = discover(repo, oracle, min_tests=5)
    assert d.left_out == [
        {"function": "running_max", "file": "src/minipkg/numbers.py", "line": 15, "reason": "few_tests"},
        {"function": "slugify", "file": "src/minipkg/text.py", "line": 21, "reason": "few_tests"}]
    assert d.counts["kept"] == 3 and len(d.tasks) + len(d.left_out) == d.counts["with_docstring"]
    assert left_out_line(d.left_out) == (
        "discovery: left out 2 documented function(s): running_max (fewer passing tests run it than "
        "--min-tests); slugify (fewer passing tests run it than --min-tests) (all with reasons: "
        "build_report.json, repository.left_out)")
    assert left_out_line(d.left_out, shown=1).count("(fewer passing") == 1


def test_canonicals_pass_and_a_swapped_mutant_fails_only_what_it_breaks(found, repo):
    d, oracle = found
    before = tree_digest(repo)
    results = oracle.run([(t.canonical, t.tests) for t in d.tasks])
    assert all(set(r.outcomes) == {"pass"} for r in results)  # the doctests see their docstrings again
    mean = next(t for t in d.tasks if t.entry_point == "mean")
    assert "src/minipkg/numbers.py::minipkg.numbers.Stats.mean" in mean.metadata["node_ids"]
    clamp = next(t for t in d.tasks if t.entry_point == "clamp")
    mutant = clamp.canonical.replace("return high", "return low")
    # node order: above, bad_interval, below, edges, inside; only clamp(12, 0, 10) == 10 breaks
    assert oracle.run_suite(mutant, clamp.tests).outcomes == ("FAIL", "pass", "pass", "pass", "pass")
    crash = clamp.canonical.replace("return value", "return value + None")
    assert oracle.run_suite(crash, clamp.tests).outcomes[4] == "FAIL:TypeError"
    assert tree_digest(repo) == before


def test_another_functions_snippet_in_place_fails_every_test(found):
    d, oracle = found
    by_name = {t.entry_point: t for t in d.tasks}
    # running_max where clamp stood: the package no longer imports clamp, so no node runs
    outcomes = oracle.run_suite(by_name["running_max"].canonical, by_name["clamp"].tests).outcomes
    assert outcomes == ("FAIL:NotRun",) * 5


def test_the_repository_is_read_only_to_its_tests(found, repo):
    d, oracle = found
    clamp = next(t for t in d.tasks if t.entry_point == "clamp")
    target = repo / "written.txt"
    writer = clamp.canonical.replace("    return value\n",
                                     f"    open({str(target)!r}, 'w').write('x')\n    return value\n")
    outcomes = oracle.run_suite(writer, clamp.tests).outcomes
    assert outcomes[4].startswith("FAIL:") and outcomes[4] != "FAIL:NotRun"  # clamp(5, 0, 10) writes
    assert not target.exists()


def test_a_release_evaluated_without_its_repository_says_so(found, repo, tmp_path):
    d, oracle = found
    task = d.tasks[0]
    moved = tmp_path / "elsewhere"
    repo.rename(moved)
    with pytest.raises(UsageError, match="not a folder on this machine"):
        Oracle(workers=1).run_suite(task.canonical + "\n", task.tests)


#: the one function of the small repositories below
ADD = 'def add(a, b):\n    """Add two numbers and return the sum."""\n    total = a + b\n    return total\n'


def _add_repo(repo, files, imports):
    """A repository of ``files`` (relative path -> text or bytes) and ``tests/test_mathx.py``:
    ``imports``, then three tests of ``add``."""
    for rel, data in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_bytes(data if isinstance(data, bytes) else data.encode())
    (repo / "tests").mkdir(parents=True, exist_ok=True)
    (repo / "tests" / "test_mathx.py").write_text(imports + "\n\n" + "".join(
        f"def test_add_{i}():\n    assert add({i}, 1) == {i + 1}\n\n" for i in range(3)))
    return repo


def _write_suite(repo, text):
    (repo / "tests" / "check_numbers.py").write_text(text)
    (repo / "tests" / "check_text.py").unlink()


def test_no_test_collected_is_one_line(repo):
    _write_suite(repo, "x = 1\n")
    with Oracle(workers=1) as oracle, pytest.raises(UsageError, match="pytest collected no test"):
        discover(repo, oracle, tests=["tests"])


def test_every_test_failing_is_one_line(repo):
    _write_suite(repo, "def test_a():\n    assert False\n\ndef test_b():\n    assert 1 == 2\n")
    with Oracle(workers=1) as oracle, pytest.raises(UsageError, match="every one of its 2 tests fails"):
        discover(repo, oracle, tests=["tests"])


def test_a_package_that_does_not_import_is_one_line(repo):
    init = repo / "src" / "minipkg" / "__init__.py"
    init.write_text("import execir_no_such_module_xyz\n" + init.read_text())
    with Oracle(workers=1) as oracle, pytest.raises(UsageError, match="does not run.*execir_no_such_module_xyz"):
        discover(repo, oracle, tests=["tests"])


def test_addopts_naming_a_plugin_get_a_way_out(repo):
    config = repo / "pyproject.toml"
    config.write_text(config.read_text().replace('addopts = "--doctest-modules"',
                                                 'addopts = "--doctest-modules --cov=minipkg"'))
    with Oracle(workers=1) as oracle:
        with pytest.raises(UsageError, match=r"unrecognized arguments: --cov=minipkg.*--tests '-o addopts= tests'"):
            discover(repo, oracle)
        d = discover(repo, oracle, tests=["-o", "addopts=", "tests"])
    assert d.tests["passed"] == 21  # the two doctests are not collected without --doctest-modules


@pytest.mark.parametrize("stop", ["raise KeyboardInterrupt", "pytest.exit('bye')"])
def test_a_test_that_ends_the_session_is_named(repo, stop):
    test = repo / "tests" / "check_numbers.py"
    text = test.read_text()
    test.write_text("import pytest\n" + text.replace("def test_clamp_below():", f"def test_stops():\n    {stop}\n\n\n"
                                                                               "def test_clamp_below():", 1))
    with Oracle(workers=1) as oracle, pytest.raises(
            UsageError, match=r"stopped part-way after \d+ tests, in tests/check_numbers.py::test_stops "
                              r"\(a test raised KeyboardInterrupt or called pytest.exit\); .*--deselect"):
        discover(repo, oracle)


def test_an_import_time_error_is_named(repo):
    init = repo / "src" / "minipkg" / "__init__.py"
    init.write_text("raise RuntimeError('minipkg needs MINIPKG_HOME set')\n" + init.read_text())
    with Oracle(workers=1) as oracle, pytest.raises(
            UsageError, match=r"does not run \(pytest exit 2\): tests/check_\w+\.py - RuntimeError: minipkg needs "
                              r"MINIPKG_HOME set$"):
        discover(repo, oracle, tests=["tests"])


def test_a_slow_covering_test_is_left_out_of_the_oracle(repo):
    test = repo / "tests" / "check_numbers.py"
    test.write_text(test.read_text() + "\n\ndef test_clamp_slowly():\n    import time\n"
                    "    time.sleep(1.5)\n    assert clamp(1, 0, 2) == 1\n")
    with Oracle(workers=1) as oracle:
        d = discover(repo, oracle)
    assert d.tests["passed"] == 24 and d.tests["passed_over_1s"] == 1
    clamp = next(t for t in d.tasks if t.entry_point == "clamp")
    assert "tests/check_numbers.py::test_clamp_slowly" not in clamp.metadata["node_ids"]
    assert len(clamp.metadata["node_ids"]) == 5


def test_a_hanging_test_is_stopped_named_and_left_out(repo, monkeypatch):
    import execir.repo.discover as discover_module

    monkeypatch.setattr(discover_module, "DISCOVERY_TEST_LIMIT", 2.0)
    test = repo / "tests" / "check_numbers.py"
    test.write_text(test.read_text() + "\n\ndef test_clamp_hangs():\n    import time\n"
                    "    assert clamp(1, 0, 2) == 1\n    while True:\n        time.sleep(0.1)\n")
    lines = []
    with Oracle(workers=1) as oracle:
        d = discover(repo, oracle, log=lines.append)
    assert d.tests["stopped_after_2s"] == 1 and d.tests["passed"] == 23
    assert any("1 test(s) still running after 2 s" in ln and "check_numbers.py::test_clamp_hangs" in ln
               for ln in lines)
    clamp = next(t for t in d.tasks if t.entry_point == "clamp")
    assert "tests/check_numbers.py::test_clamp_hangs" not in clamp.metadata["node_ids"]


def test_a_discovery_out_of_time_names_the_test_it_was_in(repo, monkeypatch):
    """A test that SIGALRM cannot stop (it ignores the signal) runs into the whole run's limit;
    the message names it."""
    import execir.repo.discover as discover_module

    monkeypatch.setattr(discover_module, "DISCOVERY_TEST_LIMIT", 1.0)
    monkeypatch.setattr(discover_module, "DISCOVERY_TIMEOUT", 4.0)
    _write_suite(repo, "import signal, time\n\ndef test_a():\n    assert True\n\n"
                       "def test_stuck():\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                       "    while True:\n        time.sleep(0.1)\n")
    with Oracle(workers=1) as oracle, pytest.raises(UsageError, match=r"TIMEOUT while running \S*::test_stuck"):
        discover(repo, oracle, tests=["tests"])


def test_a_module_the_tests_import_under_another_name_is_never_judged_passing(tmp_path):
    """A namespace package (no __init__.py) scans as a top-level module; its tests import the
    dotted name, so nothing would be swapped in: every test says so instead of passing."""
    pytest.importorskip("coverage")
    repo = _add_repo(tmp_path / "nsrepo", {"pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["src"]\n',
                                           "src/acme/tools/mathx.py": ADD}, "from acme.tools.mathx import add")
    with Oracle(workers=1) as oracle:
        task = discover(repo, oracle, tests=["tests"]).tasks[0]
        assert task.task_id == "mathx:add"
        assert oracle.run_suite(task.canonical, task.tests).outcomes == ("FAIL:NotSwapped",) * 3


def test_a_module_with_a_byte_order_mark_is_swapped(tmp_path):
    pytest.importorskip("coverage")
    repo = _add_repo(tmp_path / "bomrepo", {"bompkg/__init__.py": "",
                                            "bompkg/mathx.py": b'\xef\xbb\xbf"""Small sums."""\n\n\n' + ADD.encode()},
                     "from bompkg.mathx import add")
    with Oracle(workers=1) as oracle:
        task = discover(repo, oracle, tests=["tests"]).tasks[0]
        assert oracle.run_suite(task.canonical, task.tests).outcomes == ("pass",) * 3
        broken = task.canonical.replace("a + b", "a - b")
        assert oracle.run_suite(broken, task.tests).outcomes == ("FAIL",) * 3


def test_a_suite_imports_the_workers_compiled_code(tmp_path):
    """The project's modules (but the one the snippet is swapped into) and test modules a suite
    imports are the code objects the worker compiled (execir.execution.compiled), not compiled
    again in each child."""
    pytest.importorskip("coverage")
    repo = tmp_path / "cmprepo"
    (repo / "cmppkg").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "cmppkg" / "__init__.py").write_text("")
    (repo / "cmppkg" / "mathx.py").write_text(ADD)
    (repo / "cmppkg" / "other.py").write_text("def twice(a):\n    return 2 * a\n")
    check = ("import sys\nfrom cmppkg import mathx, other\n\n"
             "def _compiled(module, name):\n"
             "    code = sys.modules['_execir_compiled'].codes[module.__file__][1]\n"
             "    return next(c for c in code.co_consts if getattr(c, 'co_name', '') == name)\n\n")
    (repo / "tests" / "test_mathx.py").write_text(check + "".join(
        f"def test_add_{i}():\n    assert mathx.add({i}, 1) == {i + 1}\n"
        f"    assert other.twice.__code__ is _compiled(other, 'twice')\n"
        f"    assert _compiled.__code__ is _compiled(sys.modules[__name__], '_compiled')\n\n" for i in range(3)))
    with Oracle(workers=1) as oracle:
        task = discover(repo, oracle, tests=["tests"]).tasks[0]
        assert oracle.run_suite(task.canonical, task.tests).outcomes == ("pass",) * 3


def test_a_package_pytest_itself_imports_is_named(tmp_path):
    """iniconfig (a pytest dependency) from its own tree: the suite would test the installed
    copy, which pytest loaded first; discovery says so in one line."""
    pytest.importorskip("coverage")
    repo = tmp_path / "iniconfig-tree"
    (repo / "iniconfig").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "iniconfig" / "__init__.py").write_text(ADD)
    (repo / "tests" / "test_add.py").write_text(
        "def test_import():\n    import iniconfig\n    assert iniconfig\n")
    with Oracle(workers=1) as oracle, pytest.raises(UsageError, match="iniconfig is imported by pytest itself"):
        discover(repo, oracle, tests=["tests"])


def test_a_module_named_like_a_loaded_one_is_left_out_and_said(tmp_path):
    """A top-level module named like one pytest has loaded (``iniconfig``) is never the tree's:
    its functions are left out with a line, the rest builds."""
    pytest.importorskip("coverage")
    repo = _add_repo(tmp_path / "flat", {
        "iniconfig.py": 'def run(a):\n    """Read the file twice over."""\n    return a * 2\n', "mathx.py": ADD},
        "from mathx import add")
    for run in ("first", "cached"):  # a cached discovery says it again
        lines = []
        with Oracle(workers=1) as oracle:
            d = discover(repo, oracle, tests=["tests"], cache=tmp_path / "cache", log=lines.append)
        assert [t.entry_point for t in d.tasks] == ["add"], run
        assert any(line.startswith("discovery: iniconfig is loaded before the suite runs") for line in lines), run
        assert any(line.startswith("discovery: running") for line in lines) == (run == "first")



def test_a_repository_whose_only_module_does_not_parse_is_named(tmp_path):
    """The scan finds nothing because the module has a syntax error: the one line says which file
    and where, instead of only "no Python function found"."""
    repo = tmp_path / "r"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "__init__.py").write_text("def broken(:\n    pass\n")
    with Oracle(workers=1) as oracle, pytest.raises(UsageError) as err:
        discover(repo, oracle, tests=["tests"])
    assert "no Python function found outside its tests (pkg/__init__.py does not parse: line 1: invalid syntax)" \
        in str(err.value)
