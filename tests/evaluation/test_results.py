"""reproduce / compare / CLI on a results directory."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.evaluation import evaluate
from execir.evaluation.results import compare
from execir.workflow.reproduce import reproduce
from execir.errors import UsageError
from execir.formats.files import write_json
from execir.execution import Oracle

RUNS = {
    "A": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.8)], "q-t1": [("t1-c", 0.5), ("t1-d0", 0.5)], "q-t2": [("t2-c", 1.0)]},
    "B": {"q-t0": [("t0-c", 0.9), ("t0-d0", 0.9)], "q-t1": [("t1-d0", 0.7), ("t1-c", 0.6)], "q-t2": [("t0-c", 2.0)]},
    "C": {"q-t0": [("t0-c", 0.9)], "q-t1": [("t1-c", 0.9)], "q-t2": [("t2-c", 0.9)]},
}


@pytest.fixture
def results(tmp_path, tiny, h):
    evaluate(tiny, RUNS, tmp_path / "res", labels=h.oracle_labels(tiny), replicates=300, oracle=Oracle())
    return tmp_path / "res"


def test_reproduce_has_zero_differences_and_detects_tampering(results):
    assert reproduce(results) == []
    board = json.loads((results / "leaderboard.json").read_text())
    board["systems"][0]["metrics"]["exec@1"]["value"] = 0.5
    write_json(results / "leaderboard.json", board)
    diffs = reproduce(results)
    assert diffs == ["leaderboard.json/systems[0]/metrics/exec@1/value: saved 0.5 != recomputed 1.0"]


def test_compare_one_and_several_directories(tmp_path, tiny, h, results):
    one = compare([results], metric="exec@1")
    assert {(c["a"], c["b"]) for c in one["comparisons"]} == {("C", "A"), ("C", "B"), ("A", "B")}
    ca = next(c for c in one["comparisons"] if (c["a"], c["b"]) == ("C", "A"))
    assert (ca["a_only"], ca["b_only"], ca["diff"]) == (1, 0, pytest.approx(1 / 3))
    evaluate(tiny, {"A": RUNS["A"]}, tmp_path / "r1", labels=h.oracle_labels(tiny), replicates=300, oracle=Oracle())
    evaluate(tiny, {"C": RUNS["C"]}, tmp_path / "r2", labels=h.oracle_labels(tiny), replicates=300, oracle=Oracle())
    pooled = compare([tmp_path / "r1", tmp_path / "r2"], metric="exec@1")
    assert len(pooled["comparisons"]) == 1
    row = pooled["comparisons"][0]
    assert (row["a"], row["b"], row["a_only"], row["b_only"]) == ("C", "A", 1, 0)
    # pooled diff interval equals the one computed with both systems in one directory (same resamples)
    assert (row["diff_ci_low"], row["diff_ci_high"]) == (ca["diff_ci_low"], ca["diff_ci_high"])
    with pytest.raises(UsageError, match="unknown metric"):
        compare([results], metric="nope@1")


def test_cli_commands(results):
    runner = CliRunner()
    res = runner.invoke(app, ["reproduce", str(results)])
    assert res.exit_code == 0 and "0 differences" in res.output
    res = runner.invoke(app, ["compare", str(results), "--metric", "exec@1"])
    assert res.exit_code == 0 and "exec@1" in res.output
    res = runner.invoke(app, ["report", str(results)])
    assert res.exit_code == 0 and (results / "report.html").is_file()
    res = runner.invoke(app, ["reproduce", str(results / "missing")])
    assert res.exit_code == 2 and "evaluation.json" in res.output
