"""`execir export` and `execir run --dataset <CoREB folder>`: files, table 3, report, one-line errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from execir.cli import app
from execir.multitask import load_coreb, write_coreb

runner = CliRunner()


def test_run_on_a_coreb_folder_writes_table3_and_report(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    write_coreb(tmp_path / "rel", tiny)
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
    assert "c1py" not in [x["id"] for x in c2c["results"]]  # the anchor is gone
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
    write_coreb(tmp_path / "rel", tiny)
    res = runner.invoke(app, ["export", str(tmp_path / "rel"), "--format", "beir", "--out", str(tmp_path / "b")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "b" / "code2code" / "qrels" / "test.tsv").is_file()
    res = runner.invoke(app, ["export", str(tmp_path / "b" / "text2code"), "--format", "coreb",
                              "--out", str(tmp_path / "c")])
    assert res.exit_code == 0, res.output
    assert len(load_coreb(tmp_path / "c").queries) == 2
    bad = runner.invoke(app, ["export", str(tmp_path / "rel"), "--format", "xml", "--out", str(tmp_path / "d")])
    assert bad.exit_code == 2 and "--format must be one of ['beir', 'coreb']" in bad.output
    bad = runner.invoke(app, ["run", "--dataset", str(tmp_path / "rel"), "--systems", "bm25", "--out",
                              str(tmp_path / "e"), "--match-negatives", "drop"])
    assert bad.exit_code == 2 and "--match-negatives must be one of" in bad.output
