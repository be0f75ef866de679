"""`execir export` and `execir run --dataset <CoREB folder>`: files, table 3, report, one-line errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from execir.cli.commands import app
from execir.formats.coreb import load_coreb, write_coreb_folder
from tests.coreb.conftest import tiny_run

runner = CliRunner()


def test_run_on_a_coreb_folder_writes_table3_and_report(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    write_coreb_folder(tmp_path / "rel", tiny)
    out = tmp_path / "res"
    res = runner.invoke(app, ["run", "--dataset", str(tmp_path / "rel"), "--systems", "bm25", "--out", str(out),
                              "--quiet", "--match-negatives", "exclude"])
    assert res.exit_code == 0, res.output
    assert "Text-to-Code" in res.stdout and "match negatives: exclude" in res.stdout
    board = json.loads((out / "leaderboard.json").read_text())
    assert board["match_negatives"] == "exclude" and board["systems"] == ["bm25"]
    assert board["c2c_anchor_exclusion"]["queries"] == 1
    header = (out / "leaderboard.csv").read_text().splitlines()[0]
    assert header.startswith("system,t2c_ndcg@10,t2c_recall@10,c2t_ndcg@10")
    for name in ("analyses/multitask_breakdown.json", "analyses/intrusion.json", "analyses/task_language.json",
                 "figures/task_language.svg", "figures/intrusion.png", "report.html", "runs/bm25.jsonl",
                 "pairwise_tests.json", "config.json"):
        assert (out / name).is_file(), name
    matrix = json.loads((out / "analyses" / "task_language.json").read_text())
    assert matrix["tasks"] == ["t2c", "c2t", "c2c"] and matrix["languages"][0] == "any"
    run = [json.loads(line) for line in (out / "runs" / "bm25.jsonl").read_text().splitlines()]
    c2c = next(r for r in run if r["query_id"] == "q_c2c_cross_lang_0001")
    assert "c1py" in [x["id"] for x in c2c["results"]]  # the run as retrieved; scoring drops the anchor
    assert board["c2c_anchor_exclusion"]["removed_per_system"] == {"bm25": 1}
    assert "exclude" in (out / "report.html").read_text()
    (out / "report.html").unlink()
    rep = runner.invoke(app, ["report", str(out)])
    assert rep.exit_code == 0 and (out / "report.html").is_file()
    again = runner.invoke(app, ["run", "--dataset", str(tmp_path / "rel"), "--systems", "bm25", "--out",
                                str(tmp_path / "res2"), "--quiet", "--match-negatives", "exclude"])
    assert again.exit_code == 0
    for name in ("leaderboard.json", "leaderboard.csv", "pairwise_tests.json", "analyses/task_language.json"):
        assert (out / name).read_bytes() == (tmp_path / "res2" / name).read_bytes(), name


def test_export_formats_and_errors(tiny, tmp_path):
    write_coreb_folder(tmp_path / "rel", tiny)
    res = runner.invoke(app, ["export", str(tmp_path / "rel"), "--format", "beir", "--out", str(tmp_path / "b")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "b" / "code2code" / "qrels" / "test.tsv").is_file()
    res = runner.invoke(app, ["export", str(tmp_path / "b" / "text2code"), "--format", "coreb",
                              "--out", str(tmp_path / "c")])
    assert res.exit_code == 0, res.output
    assert len(load_coreb(tmp_path / "c").queries) == 2
    bad = runner.invoke(app, ["export", str(tmp_path / "rel"), "--format", "xml", "--out", str(tmp_path / "d")])
    assert bad.exit_code == 2 and "--format must be one of ['beir', 'coreb', 'hf']" in bad.output
    bad = runner.invoke(app, ["run", "--dataset", str(tmp_path / "rel"), "--systems", "bm25", "--out",
                              str(tmp_path / "e"), "--match-negatives", "drop"])
    assert bad.exit_code == 2 and "--match-negatives must be one of" in bad.output


def test_evaluate_reproduce_and_compare_multitask_folders(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    write_coreb_folder(tmp_path / "rel", tiny)
    a, b = tmp_path / "a", tmp_path / "b"
    res = runner.invoke(app, ["evaluate", str(tmp_path / "rel"), "--systems", "bm25", "--out", str(a), "--quiet"])
    assert res.exit_code == 0, res.output
    assert "Text-to-Code" in res.stdout and "match negatives: keep" in res.stdout
    assert sorted(p.name for p in (a / "release").iterdir()) == sorted(p.name for p in (tmp_path / "rel").iterdir())
    res = runner.invoke(app, ["evaluate", str(tmp_path / "rel"), "--systems", "bm25-code,bm25>rescore:bm25-code",
                              "--out", str(b), "--quiet", "--rerank-depth", "2"])
    assert res.exit_code == 0, res.output
    assert sorted(json.loads((b / "leaderboard.json").read_text())["systems"]) == [
        "bm25", "bm25-code", "bm25>medoid", "bm25>rescore:bm25-code"]  # its first stage and probe come along
    assert json.loads((b / "config.json").read_text())["systems"] == [
        "bm25-code", "bm25", "bm25>rescore:bm25-code", "bm25>medoid"]
    for folder in (a, b):
        rep = runner.invoke(app, ["reproduce", str(folder)])
        assert rep.exit_code == 0 and "reproduced: 0 differences" in rep.stdout, rep.output
    board = json.loads((a / "leaderboard.json").read_text())
    board["groups"]["task"]["t2c"]["systems"]["bm25"]["ndcg@10"]["value"] = 0.5
    (a / "leaderboard.json").write_text(json.dumps(board))
    rep = runner.invoke(app, ["reproduce", str(a)])
    assert rep.exit_code == 1
    assert "leaderboard.json/groups/task/t2c/systems/bm25/ndcg@10/value: saved 0.5 != recomputed" in rep.stdout
    cmp = runner.invoke(app, ["compare", str(a), str(b), "--metric", "ndcg@10"])
    assert cmp.exit_code == 0, cmp.output
    assert "t2c ndcg@10" in cmp.stdout and "b/bm25" in cmp.stdout  # the second bm25 is named by its folder
    from execir.evaluation.results import compare
    rows = compare([a, b], metric="ndcg@10")["comparisons"]
    assert {r["group"] for r in rows} == {"all", "t2c", "c2t", "c2c"}
    assert len(rows) == 4 * 10  # 5 systems (a probe among them): 10 pairs per group
    (tmp_path / "rel" / "text_corpus_v2.jsonl").write_text("")  # another benchmark
    c = tmp_path / "c"
    bad = runner.invoke(app, ["evaluate", str(tmp_path / "rel"), "--systems", "bm25", "--out", str(c), "--quiet"])
    assert bad.exit_code == 2  # the qrels now name texts that are gone


def test_match_negatives_changes_nothing_where_every_query_has_a_positive(tiny):
    """One model, one rule: --match-negatives applies to any benchmark; it only touches queries
    without a level-2 item, which an execir release (or a benchmark without them) has none of."""
    import numpy as np

    from execir.evaluation.evaluate import score_runs
    from execir.records import Benchmark

    with_pos = {q: r for q, r in tiny.qrels.items() if any(v == 2 for v in r.values())}
    bench = Benchmark("p", {q: tiny.queries[q] for q in with_pos}, tiny.corpus, with_pos)
    run = {q: items for q, items in tiny_run().items() if q in with_pos}
    evs = [score_runs(bench, {"s": run}, match_negatives=m) for m in (None, "keep", "exclude")]
    for key, values in evs[0].per_query["s"].items():
        for other in evs[1:]:
            assert np.array_equal(values, other.per_query["s"][key], equal_nan=True), key


def test_api_run_on_a_plain_beir_benchmark_keeps_a_copy_that_reproduces(tmp_path, monkeypatch):
    """Without a source folder (the Python API), the results still hold a copy of the benchmark:
    a plain BEIR benchmark, which has no CoREB split, is kept as a BEIR folder."""
    from execir.workflow.reproduce import reproduce
    from execir.formats.beir import export_release_beir, load_beir
    import execir
    from tests.coreb.test_beir_format import _release

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    export_release_beir(_release(), tmp_path / "b")
    bench = load_beir(tmp_path / "b", target="code")
    execir.evaluate(bench, "bm25").write(tmp_path / "res")
    assert sorted(p.name for p in (tmp_path / "res" / "release").iterdir()) == ["corpus.jsonl", "qrels",
                                                                                "queries.jsonl"]
    assert reproduce(tmp_path / "res") == []


def test_a_plain_beir_folder_gets_one_column_and_no_coreb_rules(tmp_path, monkeypatch):
    """Issue 55 item 6: a BEIR folder's queries belong to no CoREB task, so its table has the
    overall column only, and neither the match-negatives (c2t) nor the anchor (c2c) rule."""
    from execir.formats.beir import export_release_beir
    from tests.coreb.test_beir_format import _release

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    export_release_beir(_release(), tmp_path / "b")
    res = runner.invoke(app, ["run", "--dataset", str(tmp_path / "b"), "--systems", "bm25", "--out",
                              str(tmp_path / "res"), "--quiet"])
    assert res.exit_code == 0, res.output
    head, row = res.stdout.splitlines()[1:3]
    assert head.split() == ["All", "queries"] and row.split()[0] == "bm25" and len(row.split()) == 4
    for word in ("Text-to-Code", "Code-to-Text", "match negatives", "anchors"):
        assert word not in res.stdout
        assert word not in (tmp_path / "res" / "report.html").read_text()


def test_multitask_runs_check_options_and_refuse_single_task_ones(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    write_coreb_folder(tmp_path / "rel", tiny)
    base = ["--systems", "bm25", "--out", str(tmp_path / "r"), "--quiet"]
    for extra, message in ((["--workers", "0"], "--workers must be at least 1, got 0"),
                           (["--timeout", "-1"], "--timeout"),
                           (["--stacked"], "--stacked builds stacked mutants of a release from its tasks"),
                           (["--path", "x.jsonl"], "--path names the file of a dataset to build")):
        bad = runner.invoke(app, ["run", "--dataset", str(tmp_path / "rel")] + base + extra)
        assert bad.exit_code == 2 and message in bad.output, (extra, bad.output)
    bad = runner.invoke(app, ["evaluate", str(tmp_path / "rel")] + base + ["--memory", "1"])
    assert bad.exit_code == 2 and "--memory" in bad.output
    assert not (tmp_path / "r").exists()


def test_a_registered_name_wins_over_a_folder_of_that_name(tiny, tmp_path, monkeypatch):
    from execir.datasets.sources import is_ready_source

    monkeypatch.chdir(tmp_path)
    write_coreb_folder(tmp_path / "humaneval", tiny)
    assert not is_ready_source("humaneval") and is_ready_source("./humaneval")
    assert is_ready_source(tmp_path / "humaneval")


def test_compare_labels_every_folder_and_names_bad_folders(tiny, tmp_path, monkeypatch):
    import shutil

    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    write_coreb_folder(tmp_path / "rel", tiny)
    res = runner.invoke(app, ["evaluate", str(tmp_path / "rel"), "--systems", "bm25", "--out",
                              str(tmp_path / "e1" / "res"), "--quiet"])
    assert res.exit_code == 0, res.output
    for name in ("e2", "e3"):
        shutil.copytree(tmp_path / "e1", tmp_path / name)
    from execir.evaluation.results import compare
    folders = [tmp_path / n / "res" for n in ("e1", "e2", "e3")]
    rows = compare(folders, metric="ndcg@10")["comparisons"]
    assert {r["a"] for r in rows} | {r["b"] for r in rows} == {"res#1/bm25", "res#2/bm25", "res#3/bm25"}
    assert len([r for r in rows if r["group"] == "all"]) == 3
    bad = runner.invoke(app, ["compare", str(tmp_path / "e1" / "res"), str(tmp_path / "nope")])
    assert bad.exit_code == 2 and "nope: not a results folder (no leaderboard.json)" in bad.output
    one = runner.invoke(app, ["compare", str(tmp_path / "e1" / "res")])
    assert one.exit_code == 0 and "only one system in these results: nothing to compare" in one.output
    config = json.loads((tmp_path / "e1" / "res" / "config.json").read_text())
    for key, value, message in (("seed", -5, "field 'seed': missing or not an integer >= 0"),
                                ("replicates", 0, "field 'replicates': missing or not an integer >= 1"),
                                ("match_negatives", "bogus", "field 'match_negatives': expected one of")):
        (tmp_path / "e2" / "res" / "config.json").write_text(json.dumps(dict(config, **{key: value})))
        bad = runner.invoke(app, ["reproduce", str(tmp_path / "e2" / "res")])
        assert bad.exit_code == 2 and "config.json" in bad.output and message in bad.output, bad.output
