"""evaluate(): files written, hand-checked values, determinism, analyses, real execution."""

from __future__ import annotations

import csv
import json

import pytest

from execir.evaluation import evaluate, score_runs
from execir.evaluation.analyses import run_analyses
from execir.errors import UsageError
from execir.formats.files import load_benchmark, read_run
from execir.execution import Oracle

RUNS = {
    # q-t0: distractor first; q-t1: tie canonical/distractor (canonical id sorts first);
    # q-t2: canonical first
    "A": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.8), ("t1-c", 0.1)], "q-t1": [("t1-c", 0.5), ("t1-d0", 0.5)],
          "q-t2": [("t2-c", 1.0)]},
    # listed out of rank order on purpose: q-t0's tie must put t0-c first
    "B": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.9), ("t0-d1", 0.2)], "q-t1": [("t1-d0", 0.7), ("t1-c", 0.6)],
          "q-t2": [("t0-c", 2.0), ("t2-c", 1.0)]},
}


def _read(path):
    return json.loads(path.read_text())


def test_leaderboard_values_and_files(tmp_path, tiny, h):
    lb = evaluate(tiny, RUNS, tmp_path, labels=h.oracle_labels(tiny), replicates=300, oracle=Oracle())
    assert [r["system"] for r in lb["systems"]] == ["A", "B"]
    a, b = (r["metrics"] for r in lb["systems"])
    assert a["exec@1"]["value"] == pytest.approx(2 / 3) and b["exec@1"]["value"] == pytest.approx(1 / 3)
    assert a["exec@3"]["value"] == 1.0 and b["exec@3"]["value"] == 1.0
    assert b["execution_precision@3"]["value"] == pytest.approx(1 / 3)
    assert a["mrr@3"]["value"] == pytest.approx((1 / 2 + 1 + 1) / 3)
    # q-t0: distractor above canonical (intruded); q-t1: canonical first; q-t2: no hard negative
    assert a["hn_intrusion@3"]["value"] == 0.5 and a["hn_intrusion@3"]["n"] == 2
    assert a["exec@1"]["ci_low"] <= a["exec@1"]["value"] <= a["exec@1"]["ci_high"]
    for name in ("leaderboard.json", "leaderboard.csv", "pairwise_tests.json", "labels.jsonl",
                 "evaluation.json", "runs/A.jsonl", "runs/B.jsonl", "release/manifest.json"):
        assert (tmp_path / name).is_file(), name
    assert _read(tmp_path / "leaderboard.json") == lb
    rows = list(csv.DictReader((tmp_path / "leaderboard.csv").open()))
    assert rows[0]["system"] == "A" and float(rows[0]["exec@1"]) == pytest.approx(2 / 3)
    # the saved run is in rank order (tie broken by id ascending)
    assert [s for s, _ in read_run(tmp_path / "runs/B.jsonl")["q-t0"]] == ["t0-c", "t0-d0", "t0-d1"]
    assert load_benchmark(tmp_path / "release").qrels == tiny.qrels
    pw = _read(tmp_path / "pairwise_tests.json")
    keys = {m["key"] for m in lb["metrics"]}
    assert len(pw["comparisons"]) == len(keys)  # one pair x every metric@k
    e1 = next(c for c in pw["comparisons"] if c["key"] == "exec@1")
    # per-query exec@1: A = (0, 1, 1), B = (1, 0, 0)
    assert (e1["a"], e1["b"], e1["a_only"], e1["b_only"]) == ("A", "B", 2, 1)
    assert e1["p_mcnemar"] == 1.0 and e1["diff"] == pytest.approx(1 / 3)


def test_outputs_are_byte_identical(tmp_path, tiny, h):
    labels = h.oracle_labels(tiny)
    evaluate(tiny, RUNS, tmp_path / "x", labels=labels, replicates=200, oracle=Oracle())
    evaluate(tiny, dict(reversed(list(RUNS.items()))), tmp_path / "y", labels=labels, replicates=200, oracle=Oracle())
    files = sorted(p.relative_to(tmp_path / "x") for p in (tmp_path / "x").rglob("*") if p.is_file())
    assert len(files) > 10
    for f in files:
        if f.name == "evaluation.json":  # records the systems in the order given
            continue
        assert (tmp_path / "x" / f).read_bytes() == (tmp_path / "y" / f).read_bytes(), f


def test_analyses_by_hand(tiny, h):
    ev = score_runs(tiny, RUNS, labels=h.oracle_labels(tiny), oracle=Oracle())
    an = run_analyses(ev, replicates=200)
    miss = an["rank1_misses"]["systems"]
    assert miss["A"] == {"miss_at_1": 1, "paired_distractor_at_1": 1, "share_paired": 1.0,
                         "other_snippet_at_1": 0, "empty_ranking": 0}
    assert miss["B"]["miss_at_1"] == 2 and miss["B"]["paired_distractor_at_1"] == 1
    assert miss["B"]["other_snippet_at_1"] == 1
    gap = an["canonical_gap"]["systems"]
    # A: q-t0 gap 0.8-0.9, q-t1 gap 0 (tie); q-t2 has no distractor
    assert gap["A"]["gaps"] == pytest.approx({"q-t0": -0.1, "q-t1": 0.0})
    assert gap["A"]["fraction_canonical_loses"] == 0.5 and gap["A"]["fraction_tied"] == 0.5
    # deception: A: (q-t0,d0) yes, (q-t0,d1) missing from run, (q-t1,d0) tie -> yes
    # B: (q-t0,d0) tie -> yes, (q-t0,d1) no, (q-t1,d0) yes
    dec = an["deception_by_type"]
    assert dec["overall"] == {"n": 5, "deceived": 4, "rate": 0.8}
    assert dec["overall_all_types"] == dec["overall"]  # the fixture has no extended distractor
    assert dec["by_type"]["wrong_operator"] == {"n": 1, "deceived": 0, "rate": 0.0}
    assert dec["systems"]["A"]["off_by_one"] == {"n": 2, "deceived": 2, "rate": 1.0}
    dens = an["pool_density"]["systems"]
    assert dens["A"]["expected_exec_at_1"] == pytest.approx({"0": 1.0, "1": 2.5 / 3, "2": 2 / 3, "3": 2 / 3, "4": 2 / 3})
    for s in ("A", "B"):  # d = 4 reproduces the leaderboard's exec@1 exactly
        assert dens[s]["expected_exec_at_1"]["4"] == dens[s]["exec_at_1"]
    dom = an["per_domain"]
    assert dom["systems"]["A"] == {"math": 0.5, "strings": 1.0}
    assert dom["systems"]["B"] == {"math": 0.5, "strings": 0.0}
    diff = an["difficulty"]
    assert diff["per_query"] == {"q-t0": 1, "q-t1": 1, "q-t2": 1}
    assert diff["histogram"] == {"0": 0, "1": 3, "2": 0}
    es = an["edit_size"]
    # pairs: (t0,d0) size 1 -> 2/2 deceived, (t0,d1) size 3 -> 0/1, (t1,d0) size 1 -> 2/2
    assert es["buckets"]["1"] == {"pairs": 2, "n": 4, "deceived": 4, "rate": 1.0}
    assert es["buckets"]["2-5"] == {"pairs": 1, "n": 1, "deceived": 0, "rate": 0.0}
    assert es["spearman_absolute"] == pytest.approx(-1.0)
    assert an["stacked"]["available"] is False and "stacked" in an["stacked"]["reason"]


def test_stacked_analysis_with_supplied_variants(tiny, h):
    ev = score_runs(tiny, RUNS, labels=h.oracle_labels(tiny), oracle=Oracle())
    stacked = {"A": {"q-t0": [{"n_mutations": 2, "score": 0.85}], "q-t1": [{"n_mutations": 2, "score": 0.1}]}}
    res = run_analyses(ev, replicates=200, stacked=stacked)["stacked"]
    assert res["available"] and res["matched_queries"] == 2
    # singles: q-t0 A deceived 1/1 (d1 missing), q-t1 1/1 -> 1.0; stacked: q-t0 yes, q-t1 no -> 0.5
    assert res["by_count"]["1"]["deception"] == 1.0
    assert res["by_count"]["2"]["deception"] == 0.5
    assert res["by_count"]["2"]["delta_vs_1"] == -0.5


def test_usage_errors(tmp_path, tiny, h):
    with pytest.raises(UsageError, match="no systems"):
        evaluate(tiny, {}, tmp_path, labels=h.oracle_labels(tiny))
    with pytest.raises(UsageError, match="cut-offs"):
        evaluate(tiny, RUNS, tmp_path, ks=(0, 1), labels=h.oracle_labels(tiny))


def test_labels_from_real_execution(tmp_path, tiny):
    """Labels come from the sandboxed oracle when none are supplied."""
    pytest.importorskip("execir.execution")
    from execir.execution import ExecutionCache

    cache = ExecutionCache(tmp_path / "exec.sqlite3")
    lb = evaluate(tiny, RUNS, tmp_path / "out", replicates=100, oracle=Oracle(workers=2, cache=cache))
    # t0-d0 is `x - 0`: an equivalent mutant, so execution says A's rank-1 snippet on q-t0 passes
    a = lb["systems"][0]["metrics"]
    assert lb["systems"][0]["system"] == "A" and a["exec@1"]["value"] == 1.0
    rows = [json.loads(line) for line in (tmp_path / "out" / "labels.jsonl").read_text().splitlines()]
    by = {(r["query_id"], r["snippet_id"]): r for r in rows}
    assert by[("q-t0", "t0-d0")]["outcomes"] == ["pass", "pass"] and by[("q-t0", "t0-d0")]["passed"]
    assert by[("q-t1", "t1-d0")]["outcomes"] == ["FAIL", "FAIL"] and not by[("q-t1", "t1-d0")]["passed"]
    # another task's canonical defines f1 and never spells f0: proven failing, not run
    assert by[("q-t0", "t1-c")]["outcomes"] == ["FAIL:EntryPointUndefined"] * 2
    assert not by[("q-t0", "t1-c")]["passed"]
    assert cache.stats()["rows"] == len([r for r in rows if "FAIL:EntryPointUndefined"
                                         not in r["outcomes"]])



def test_top_ties_by_hand(tiny, h):
    from execir.evaluation.evaluate import compute_tables

    ev = score_runs(tiny, RUNS, labels=h.oracle_labels(tiny), oracle=Oracle())
    board, _ = compute_tables(ev, replicates=400)
    ties = {r["system"]: r["top_ties"] for r in board["systems"]}
    # A: q-t0 top group {t0-d0} fails -> 0; q-t1 {t1-c, t1-d0} tied at 0.5, one passes -> 1/2;
    #    q-t2 {t2-c} -> 1.  B: q-t0 {t0-c, t0-d0} tied at 0.9 -> 1/2; q-t1 {t1-d0} -> 0;
    #    q-t2 {t0-c} (another task's canonical) -> 0.
    assert ties["A"]["tie_aware_exec@1"]["value"] == pytest.approx((0 + 0.5 + 1) / 3)
    assert ties["B"]["tie_aware_exec@1"]["value"] == pytest.approx((0.5 + 0 + 0) / 3)
    for s in ("A", "B"):
        assert ties[s]["tied"] == pytest.approx(1 / 3)
        assert ties[s]["decided_by_tie_rule"] == pytest.approx(1 / 3)
        assert ties[s]["estimated_groups"] == 0 and ties[s]["tie_aware_exec@1"]["n"] == 3
        ci = ties[s]["tie_aware_exec@1"]
        assert ci["ci_low"] <= ci["value"] <= ci["ci_high"]
    # the id rule favoured A's canonical on q-t1 and B's on q-t0: exec@1 is 1/2 above tie-aware there
    exec1 = {r["system"]: r["metrics"]["exec@1"]["value"] for r in board["systems"]}
    assert exec1["A"] - ties["A"]["tie_aware_exec@1"]["value"] == pytest.approx(0.5 / 3)
    assert exec1["B"] - ties["B"]["tie_aware_exec@1"]["value"] == pytest.approx(0.5 / 3)


def test_overall_deception_counts_the_six_paper_types_only(h):
    import dataclasses

    bench = h.make_benchmark()
    d1 = bench.corpus["t0-d1"]
    bench.corpus["t0-d1"] = dataclasses.replace(d1, mutation={**d1.mutation, "mutation_type": "extended"})
    ev = score_runs(bench, RUNS, labels=h.oracle_labels(bench), oracle=Oracle())
    dec = run_analyses(ev, replicates=50)["deception_by_type"]
    # B's (q-t0, t0-d1) triple, the only one not deceived, is now an extended distractor
    assert dec["overall"] == {"n": 4, "deceived": 4, "rate": 1.0}
    assert dec["overall_all_types"] == {"n": 5, "deceived": 4, "rate": 0.8}
    assert dec["by_type"]["extended"] == {"n": 1, "deceived": 0, "rate": 0.0}


def test_top_ties_past_the_labelled_depth_use_the_qrels(tiny, h):
    from execir.evaluation.evaluate import compute_tables

    # exec@1 only: labels reach depth 1. q-t1's top group {t0-d0, t1-c} (tied, id order) has
    # t1-c past the labelled depth: the qrels mark it level 2, so it counts as passing.
    runs = {"C": {"q-t0": [("t0-c", 0.3)], "q-t1": [("t0-d0", 0.5), ("t1-c", 0.5), ("t1-d0", 0.1)],
                  "q-t2": [("t0-d1", 0.2), ("t1-d0", 0.2), ("t2-c", 0.2)]}}
    ev = score_runs(tiny, runs, ks=(1,), labels=h.oracle_labels(tiny), oracle=Oracle())
    board, _ = compute_tables(ev, replicates=200)
    ties = board["systems"][0]["top_ties"]
    # q-t0: 1/1; q-t1: t0-d0 fails for q-t1 (labelled), t1-c level 2 -> 1/2;
    # q-t2: t0-d1 labelled fail, t1-d0 (not in q-t2's qrels) fails, t2-c level 2 -> 1/3
    assert ties["tie_aware_exec@1"]["value"] == pytest.approx((1 + 1 / 2 + 1 / 3) / 3)
    assert ties["tie_aware_exec@1"]["n"] == 3 and ties["estimated_groups"] == 2
    assert ties["tied"] == pytest.approx(2 / 3) and ties["decided_by_tie_rule"] == pytest.approx(2 / 3)
