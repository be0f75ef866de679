"""HumanEval-X and MBXP adapters against the real rows in ../shared/data (skipped when absent),
and the dataset/language errors of ``execir build``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.construction.gates import check_ast, check_schema
from execir.cli.commands import app
from execir.datasets import load_dataset
from execir.datasets.mbxp import assertion_test
from execir.errors import UsageError

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
HX, MBXP = DATA / "humaneval-x", DATA / "mbxp"


def _need(folder: Path) -> None:
    if not folder.is_dir():
        pytest.skip(f"{folder.name} data is not present under ../shared/data")


def _row(path: Path, task_id: str) -> dict:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return next(r for r in map(json.loads, fh) if r["task_id"] == task_id)


@pytest.mark.parametrize("language,entry", [
    ("cpp", "has_close_elements"), ("java", "hasCloseElements"),
    ("javascript", "hasCloseElements"), ("go", "HasCloseElements"),
    ("rust", "has_close_elements"), ("python", "has_close_elements")])
def test_humaneval_x_task_0_in_every_language(language, entry):
    _need(HX)
    tasks = load_dataset("humaneval-x", HX, language=language)
    assert len(tasks) == 164 and len({t.task_id for t in tasks}) == 164
    t = tasks[0]
    assert (t.entry_point, t.language, t.source) == (entry, language, "humaneval-x")
    assert t.query.startswith("Check if in given ")
    assert t.query.endswith("closer to each other than given threshold.")
    assert ">>>" not in t.query and "0.5" not in t.query
    folder = {"javascript": "js"}.get(language, language)
    row = _row(HX / folder / f"humaneval_{folder}.jsonl.gz", t.task_id)
    if language == "python":  # check() split into one test per assert, as for HumanEval
        assert len(t.tests) == 7 and all(f"assert {entry}(" in x for x in t.tests)
        assert t.canonical == row["prompt"] + row["canonical_solution"]
    elif language == "go":
        assert t.tests == (row["test_setup"] + row["test"],)
        assert t.tests[0].startswith("package main")
    elif language == "rust":  # the prompt is only the comment; the declaration has the `use`s
        assert t.canonical == row["declaration"] + row["canonical_solution"]
        assert t.tests == (row["test"],)
    else:
        assert t.canonical == row["prompt"] + row["canonical_solution"]
        assert t.tests == (row["test"],)


def test_humaneval_x_rows_clear_gates_one_and_two_except_two_boost_programs():
    _need(HX)
    for language in ("cpp", "java", "javascript", "go", "rust", "python"):
        tasks = load_dataset("humaneval-x", HX, language=language)
        assert check_schema(tasks) == []
        rejected = {r.task_id: r.reason for t in tasks for r in check_ast(t)}
        # CPP/22 and CPP/137 use boost::any and `typeid(int)`, which tree-sitter-cpp misreads
        assert rejected == ({"CPP/22": "canonical does not parse (syntax error at line 22)",
                             "CPP/137": "canonical does not parse (syntax error at line 33)"}
                            if language == "cpp" else {}), language


def test_humaneval_x_entry_point_is_the_called_function_not_a_helper():
    _need(HX)
    tasks = {t.task_id: t for t in load_dataset("humaneval-x", HX, language="cpp")}
    # CPP/10 defines is_palindrome (a helper) and make_palindrome; the test calls the latter
    assert tasks["CPP/10"].entry_point == "make_palindrome"
    assert "is_palindrome" in tasks["CPP/10"].canonical


@pytest.mark.parametrize("language,count,first,entry", [
    ("ruby", 784, "MBRBP/2", "similar_elements"), ("cpp", 773, "MBCPP/3", "isNotPrime"),
    ("java", 874, "MBJP/1", "minCost"), ("javascript", 938, "MBJSP/1", "minCost")])
def test_mbxp_keeps_the_rows_with_a_canonical_solution(language, count, first, entry):
    _need(MBXP)
    tasks = load_dataset("mbxp", MBXP, language=language)
    assert len(tasks) == count  # PROVENANCE.md: "with canonical_solution"
    t = tasks[0]
    assert (t.task_id, t.entry_point, t.language, t.source) == (first, entry, language, "mbxp")
    files = {"ruby": "mbrbp", "cpp": "mbcpp", "java": "mbjp", "javascript": "mbjsp"}
    row = _row(MBXP / f"{files[language]}_release_v1.2.jsonl", first)
    assert t.query == " ".join(row["description"].split())
    assert t.canonical == row["prompt"] + row["canonical_solution"]
    assert t.tests == ("\n" + assertion_test(row["test"], language),)
    # only the wrong-answer statements differ from upstream's harness
    got, want = t.tests[0].splitlines()[1:], row["test"].splitlines()
    changed = [(a, b) for a, b in zip(got, want) if a != b]
    assert len(got) == len(want)
    assert len(changed) == sum(UPSTREAM_WRONG_ANSWER[language] in line for line in want) >= 1
    assert check_ast(t) == []


def test_mbxp_ruby_query_is_the_description():
    _need(MBXP)
    t = load_dataset("mbxp", MBXP, language="rb")[0]
    assert t.query == "Write a function to find the similar elements from the given two tuple lists."


@pytest.mark.parametrize("name,language,message", [
    ("humaneval-x", "cobol", "unknown language 'cobol'; humaneval-x has: cpp, go, java, "
                             "javascript, python, rust"),
    ("mbxp", "go", "dataset 'mbxp' has no go tasks; choose one of: cpp, java, javascript, ruby"),
    ("mbxp", "python", "dataset 'mbxp' has no python tasks; choose one of: cpp, java, "
                       "javascript, ruby"),
    ("humaneval-x", None, "dataset 'humaneval-x' needs --language (one of: cpp, go, java, "
                          "javascript, python, rust)"),
    ("humaneval", "cpp", "dataset 'humaneval' has no cpp tasks; choose one of: python"),
])
def test_language_errors_are_one_clear_message(name, language, message, tmp_path):
    with pytest.raises(UsageError) as err:
        load_dataset(name, tmp_path, language=language)
    assert str(err.value) == message
    args = ["build", name, "--out", str(tmp_path / "out"), "--path", str(tmp_path)]
    result = CliRunner().invoke(app, args + (["--language", language] if language else []))
    assert result.exit_code == 2
    assert f"execir: error: {message}" in result.output


def test_multi_language_dataset_without_a_path_names_the_ways_to_give_one(monkeypatch):
    monkeypatch.delenv("EXECIR_DATA_DIR", raising=False)
    with pytest.raises(UsageError, match=r"needs --path FOLDER .* or \$EXECIR_DATA_DIR"):
        load_dataset("mbxp", None, language="ruby")


UPSTREAM_WRONG_ANSWER = {"ruby": "raise StandardError", "cpp": "runtime_error(",
                         "java": "java.lang.Exception", "javascript": "JSON.stringify(x)"}


@pytest.mark.parametrize("language", sorted(UPSTREAM_WRONG_ANSWER))
def test_mbxp_wrong_answers_become_assertion_failures(language):
    _need(MBXP)
    tasks = load_dataset("mbxp", MBXP, language=language)
    assert not [t.task_id for t in tasks if UPSTREAM_WRONG_ANSWER[language] in t.tests[0]]
    first = {"ruby": 'raise AssertionError, "Error at test case 1"',
             "cpp": 'assert(false && "Exception -- test case 0 did not pass.");',
             "java": 'throw new AssertionError("Exception -- test case 0 did not pass. x0 = "',
             "javascript": "console.assert(false, 'Error at 1th assert statement.')"}[language]
    assert all(first in t.tests[0] for t in tasks[:20])


@pytest.mark.parametrize("language,task_id", [("ruby", "MBRBP/3"), ("javascript", "MBJSP/3")])
def test_mbxp_wrong_solution_is_a_plain_fail(language, task_id):
    """A mutant with a wrong answer is ``FAIL`` (plantable), not ``FAIL:StandardError``."""
    _need(MBXP)
    from execir.execution import Oracle, languages
    from execir.mutation import enumerate_mutants

    if languages.toolchain(language, warn=False) is None:
        pytest.skip(f"no {language} toolchain installed")
    task = {t.task_id: t for t in load_dataset("mbxp", MBXP, language=language)}[task_id]
    mutants = enumerate_mutants(task.canonical, entry_point=task.entry_point, language=language)
    jobs = [(task.canonical, task.tests)] + [(m.code, task.tests) for m in mutants[1:3]]
    outcomes = [r.outcomes for r in Oracle(workers=2).run(jobs, language=language)]
    assert outcomes == [("pass",), ("FAIL",), ("FAIL",)]


def test_humaneval_x_javascript_add_builds_with_its_two_mutants(tmp_path):
    """JavaScript/53 (``add``): ``x - y`` is the only six-type mutant; ``return null`` (extended)
    tops the task up; both fail ``add(0, 1) === 1``, so both are planted."""
    _need(HX)
    from execir.construction import build_release
    from execir.execution import Oracle, languages

    if languages.toolchain("javascript", warn=False) is None:
        pytest.skip("no node installed")
    task = {t.task_id: t for t in load_dataset("humaneval-x", HX,
                                               language="javascript")}["JavaScript/53"]
    report = build_release([task], tmp_path / "r", name="hx-js", oracle=Oracle(workers=2))
    assert report["languages"]["javascript"]["mutants"]["by_status"] == {
        "killed_wrong_output": 1, "killed_crash_only": 0, "survived": 0, "invalid": 0}
    assert report["fallback"]["executed"] == report["fallback"]["planted"] == 1
    corpus = [json.loads(x) for x in (tmp_path / "r" / "corpus.jsonl").read_text().splitlines()]
    planted = sorted((r["metadata"]["mutation"]["operator"], r["metadata"]["mutation"]["after"])
                     for r in corpus if r["metadata"]["kind"] == "distractor")
    assert planted == [("arithmetic_operator", "-"), ("replace_return", "null")]


#: problems of HumanEval-X's Python file the run-time build below uses (the smallest input that
#: still has a family filter to pass: a default build of all 164 took 97 s of a 34-minute suite)
HX_SUBSET = 40


@pytest.mark.slow
def test_run_builds_and_scores_one_language_of_humaneval_x(tmp_path, monkeypatch):
    """`execir run --dataset humaneval-x --language python` builds that language's release at
    run time (named humaneval-x-python, the default centred design) and scores it; a dataset
    without the language, or a multitask source, refuses --language with one line."""
    import json

    from typer.testing import CliRunner

    from execir.cli.commands import app

    _need(HX)
    sub = tmp_path / "hx" / "python"
    sub.mkdir(parents=True)
    with gzip.open(HX / "python" / "humaneval_python.jsonl.gz", "rt", encoding="utf-8") as src, \
            gzip.open(sub / "humaneval_python.jsonl.gz", "wt", encoding="utf-8") as dst:
        for _, line in zip(range(HX_SUBSET), src):
            dst.write(line)
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    res = runner.invoke(app, ["run", "--dataset", "humaneval-x", "--path", str(sub.parent), "--language", "python",
                              "--systems", "bm25", "--out", str(tmp_path / "r"), "--quiet"])
    assert res.exit_code == 0, res.output
    board = json.loads((tmp_path / "r" / "leaderboard.json").read_text())
    config = json.loads((tmp_path / "r" / "config.json").read_text())
    assert board["benchmark"] == "humaneval-x-python" and config["language"] == "python"
    # the default (centred) design's family filter may drop tasks whose canonical the
    # snippet-only probes find: the board scores what the build released
    report = json.loads((Path(config["release"]) / "build_report.json").read_text())
    assert report["families"]["design"] == "centred" and report["tasks"]["input"] == HX_SUBSET
    assert 0 < board["n_queries"] == report["tasks"]["released"] <= HX_SUBSET
    bad = runner.invoke(app, ["run", "--dataset", "humaneval", "--language", "cpp", "--systems", "bm25",
                              "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "dataset 'humaneval' has no cpp tasks" in bad.output
    bad = runner.invoke(app, ["run", "--dataset", "execir-poly", "--language", "cpp", "--systems", "bm25",
                              "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "--language picks the language of a dataset to build" in bad.output
