"""Reference rows of a leaderboard and the API's plain views (issue 55 items 1 and 3): chance, the
best probe, the definitions, random-tie values; ``load_benchmark`` of any source, ``table()``,
``per_query()``. Expected values are computed by hand."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import execir
from execir.errors import UsageError
from execir.evaluation.reference import best_probe, family_chance, random_ranking_exec, references
from execir.evaluation.ties import tie_value

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


def test_a_random_ranking_finds_a_passing_snippet_with_the_hypergeometric_chance():
    # 10 snippets; query a has 1 passing, query b has 2
    # a: k=1 1/10, k=3 3/10; b: k=1 2/10, k=3 1 - (8*7*6)/(10*9*8) = 1 - 336/720
    assert random_ranking_exec(10, [1, 2], 1) == pytest.approx((0.1 + 0.2) / 2)
    assert random_ranking_exec(10, [1, 2], 3) == pytest.approx((0.3 + (1 - 336 / 720)) / 2)
    assert random_ranking_exec(10, [0], 5) == 0.0 and random_ranking_exec(3, [1], 5) == 1.0
    assert random_ranking_exec(10, [], 1) is None
    with pytest.raises(ValueError):
        random_ranking_exec(2, [3], 1)


def test_family_chance_is_passing_members_over_members():
    qrels = [{"c": 2, "d1": 1, "d2": 1, "d3": 1},  # 1/4
             {"c": 2, "x": 2, "d": 1},             # 2/3
             {}]                                   # no family: left out
    assert family_chance(qrels) == pytest.approx((1 / 4 + 2 / 3) / 2)
    assert family_chance([{}]) is None


def test_best_probe_is_the_highest_exec1_row_of_the_card():
    card = {"probes": [{"probe": "medoid", "split": "all", "exec@1": 0.28, "ci_low": 0.2, "ci_high": 0.35,
                        "chance": 0.22, "lift": 0.06},
                       {"probe": "classifier", "split": "held-out", "exec@1": 0.30, "ci_low": 0.19,
                        "ci_high": 0.41, "chance": 0.22, "lift": 0.08},
                       {"probe": "anti-medoid", "split": "all", "exec@1": 0.30, "ci_low": 0.2,
                        "ci_high": 0.4, "chance": 0.22, "lift": 0.08}]}
    assert best_probe(card)["probe"] == "anti-medoid"  # ties: the first name in sorted order
    assert best_probe({"probes": []}) is None and best_probe(None) is None
    refs = references([{"c": 2, "d": 1}], 4, [1, 3], card)
    assert refs["chance"] == {"exec@1": 0.25, "exec@3": 0.75} and refs["family_chance"] == {"exec@1": 0.5}
    assert set(refs["definitions"]) == {"exec@k", "ties"}


def test_the_tie_value_is_shown_from_two_percent_of_queries_decided():
    row = {"top_ties": {"decided_by_tie_rule": 0.019, "tie_aware_exec@1": {"value": 0.2}}}
    assert tie_value(row) is None
    row["top_ties"]["decided_by_tie_rule"] = 0.02
    assert tie_value(row) == 0.2


@pytest.mark.slow
def test_every_output_of_a_run_carries_chance_the_best_probe_and_the_definitions(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from execir.cli.commands import app

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "res"
    res = CliRunner().invoke(app, ["run", "--dataset", "humaneval", "--systems", "bm25", "--out", str(out)])
    assert res.exit_code == 0, res.output
    board = json.loads((out / "leaderboard.json").read_text())
    refs = board["references"]
    card = json.loads((out / "release" / "build_report.json").read_text())["probe_card"]
    # HumanEval v2: 135 families of 633 snippets; the card's chance is the family chance
    assert refs["family_chance"]["exec@1"] == pytest.approx(card["probes"][0]["chance"], abs=1e-5)
    assert refs["best_probe"]["exec@1"] == max(p["exec@1"] for p in card["probes"])
    assert 0 < refs["chance"]["exec@1"] < refs["chance"]["exec@10"] < 0.05
    lines = res.stdout.splitlines()
    assert any("chance: random pick in the family" in line and "0.226" in line for line in lines)
    assert any(line.startswith("exec@k: share of queries") for line in lines)
    assert "(ties at random 0.230)" in res.stdout  # BM25's rank 1 is decided by the id rule on 88.9%
    rows = list(csv.reader((out / "leaderboard.csv").open()))
    assert [r[0] for r in rows[-3:]] == ["reference"] * 3
    html = (out / "report.html").read_text()
    assert "chance: random pick in the family" in html and "ties at random 0.230" in html
    assert "exec@k: share of queries" in html


def test_load_benchmark_takes_what_dataset_takes(tmp_path):
    assert len(execir.load_benchmark("humaneval@2").queries) == 135
    with pytest.raises(UsageError, match="unknown dataset 'nope'"):
        execir.load_benchmark("nope")


@pytest.mark.slow
def test_load_benchmark_builds_a_dataset_as_run_does_carded(tmp_path):
    bench = execir.load_benchmark("tasks", path=FIXTURE, cache_dir=tmp_path / "cache")
    assert len(bench.queries) == 5
    (release,) = (tmp_path / "cache" / "releases").iterdir()
    assert "probe_card" in json.loads((release / "build_report.json").read_text())


def test_results_table_and_per_query(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    results = execir.evaluate("humaneval@2", "bm25")
    table = results.table()
    assert [r["rank"] for r in table] == [1, "ref", "ref", "ref"]
    assert table[0]["exec@1"] == pytest.approx(33 / 135) and table[0]["exec@1 ties at random"] < table[0]["exec@1"]
    assert table[3]["system"].startswith("best probe: ")
    per_query = results.per_query("BM25")  # up to case
    assert len(per_query) == 135 and sum(v["exec@1"] for v in per_query.values()) == 33


@pytest.mark.slow
def test_a_grouped_leaderboard_carries_the_best_probe(tmp_path, monkeypatch):
    """execir-poly v3 (CoREB's view): the table, leaderboard.json and report.html name the release
    card's best probe against its chance."""
    from typer.testing import CliRunner

    from execir.cli.commands import app

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "res"
    res = CliRunner().invoke(app, ["run", "--dataset", "execir-poly", "--systems", "bm25", "--out", str(out), "--quiet"])
    assert res.exit_code == 0, res.output
    best = json.loads((out / "leaderboard.json").read_text())["references"]["best_probe"]
    card = json.loads((out / "release" / "build_report.json").read_text())["probe_card"]
    assert best["exec@1"] == max(p["exec@1"] for p in card["probes"])
    line = next(line for line in res.stdout.splitlines() if line.startswith("reference (not ranked)"))
    assert f"best probe, {best['probe']}, picks a passing snippet first in {best['exec@1']:.3f}" in line
    assert "reference (not ranked)" in (out / "report.html").read_text()
