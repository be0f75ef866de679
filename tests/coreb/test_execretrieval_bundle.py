"""The public ExecRetrieval release layout as a source: loading, recorded outcomes against
``--reexecute``, the probe card, malformed rows and README's statement.

The fixture ``tests/data/execretrieval_bundle`` has six queries over 29 snippets: each family's
canonical has its lowest id (``c_0001`` for ``q_0001``, whose distractors are ``c_0002``,
``c_0003``, ``c_0005``, ``c_0006``), five families of five and one (``q_0006``) of four.  Its
execution cache records two true rows: ``(q_0003, c_0012)`` (pass, FAIL, pass; tests hashed as
the JSON list) and ``(q_0002, c_0004)`` (all pass; tests joined by newlines).
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.errors import DataError
from execir.evaluation.evaluate import score_runs
from execir.evaluation.labels import (EXECUTED, RECORDED, execute_labels, labels_from_rows, recorded_summary,
                                     release_labels)
from execir.execution import Limits, Oracle
from execir.formats.execretrieval import CACHE, NOT_READ, READ, load_bundle, recorded_outcomes
from execir.formats.folders import folder_format
from execir.datasets.sources import is_ready_source, load_source
from execir.probes.card import gate, probe_card

BUNDLE = Path(__file__).resolve().parents[1] / "data" / "execretrieval_bundle"
README = Path(__file__).resolve().parents[2] / "README.md"


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "bundle"
    shutil.copytree(BUNDLE, dest)
    return dest


def _toy_run() -> dict:
    """``results/toy.json``'s ranked lists as a run (similarity as the score)."""
    data = json.loads((BUNDLE / "results" / "toy.json").read_text())
    return {q["query_id"]: [(t["corpus_id"], t["similarity"]) for t in q["top_results"]] for q in data["per_query"]}


def test_the_bundle_loads_as_one_benchmark_with_graded_qrels_and_tasks():
    assert folder_format(BUNDLE) == "execretrieval" and is_ready_source(str(BUNDLE))
    bench, folder = load_source(str(BUNDLE))
    assert folder == BUNDLE and bench.name == "execretrieval_bundle"
    assert list(bench.queries) == [f"q_{i:04d}" for i in range(1, 7)]
    assert len(bench.corpus) == 29
    kinds = [d.kind for d in bench.corpus.values()]
    assert kinds.count("canonical") == 6 and kinds.count("distractor") == 23
    assert bench.qrels["q_0001"] == {"c_0001": 2, "c_0002": 1, "c_0003": 1, "c_0005": 1, "c_0006": 1}
    assert bench.qrels["q_0006"] == {"c_0026": 2, "c_0027": 1, "c_0028": 1, "c_0029": 1}
    task = bench.task_for_query("q_0005")
    assert task.entry_point == "last_index" and task.language == "python"
    assert task.tests == ("assert last_index([1, 2, 1], 1) == 2", "assert last_index([4, 5], 4) == 0",
                          "assert last_index([], 3) == -1")
    assert task.canonical == bench.corpus["c_0021"].code
    assert bench.corpus["c_0004"].task_id == "q_0002"  # c_0004 sits between q_0001's distractors
    assert bench.corpus["c_0002"].mutation["mutation_type"] == "off_by_one"
    assert bench.corpus["c_0002"].mutation["generation"] == {"query_id": "q_0001", "bug_type": "off_by_one",
                                                             "attempts": 1}
    assert bench.corpus["c_0001"].mutation is None


def test_the_oracle_passes_every_canonical_and_fails_every_distractor():
    bench = load_bundle(BUNDLE)
    pairs = [(q, s) for q, row in bench.qrels.items() for s in row]
    labels = execute_labels(bench, pairs, oracle=Oracle(workers=1, quiet=True))
    assert {p for p, lab in labels.items() if lab.passed} == {(q, s) for q, row in bench.qrels.items()
                                                              for s, lvl in row.items() if lvl == 2}
    assert labels[("q_0003", "c_0012")].outcomes == ("pass", "FAIL", "pass")  # as the cache records it


def test_the_cache_rows_become_recorded_labels_and_reexecute_drops_them():
    bench = load_bundle(BUNDLE)
    found, rows = recorded_outcomes(BUNDLE, bench)
    assert rows == 2 and found == {("q_0003", "c_0012"): ("pass", "FAIL", "pass"),
                                   ("q_0002", "c_0004"): ("pass", "pass", "pass")}
    known = release_labels(BUNDLE, bench, Limits())
    assert {p: (lab.origin, lab.passed) for p, lab in known.items()} == {
        ("q_0003", "c_0012"): (RECORDED, False), ("q_0002", "c_0004"): (RECORDED, True)}
    assert release_labels(BUNDLE, bench, Limits(), reexecute=True) is None


def test_recorded_and_reexecuted_verdicts_agree_on_the_fixture():
    bench, run = load_bundle(BUNDLE), {"toy": _toy_run()}
    oracle = Oracle(workers=1, quiet=True)
    recorded = score_runs(bench, run, labels=release_labels(BUNDLE, bench, Limits()), oracle=oracle)
    executed = score_runs(bench, run, oracle=oracle)
    assert recorded.labels[("q_0003", "c_0012")].origin == RECORDED
    assert executed.labels[("q_0003", "c_0012")].origin == EXECUTED
    assert {p: lab.passed for p, lab in recorded.labels.items()} == \
        {p: lab.passed for p, lab in executed.labels.items()}
    assert recorded.per_query["toy"]["exec@1"].tolist() == [1, 0, 0, 1, 0, 0]
    assert executed.per_query["toy"]["exec@1"].tolist() == [1, 0, 0, 1, 0, 0]


def test_a_cache_row_that_disagrees_with_reality_changes_only_the_recorded_verdict(tmp_path):
    folder = _copy(tmp_path)
    rows = [json.loads(line) for line in (folder / CACHE).read_text().splitlines()]
    rows[0]["outcomes"] = ["pass", "pass", "pass"]  # c_0012 (no .lower()) really fails "AEIOU"
    (folder / CACHE).write_text("".join(json.dumps(r) + "\n" for r in rows))
    bench, run = load_bundle(folder), {"toy": _toy_run()}
    oracle = Oracle(workers=1, quiet=True)
    recorded = score_runs(bench, run, labels=release_labels(folder, bench, Limits()), oracle=oracle)
    executed = score_runs(bench, run, labels=release_labels(folder, bench, Limits(), reexecute=True), oracle=oracle)
    # c_0012 is rank 1 of q_0003: the lying row makes exec@1 3/6 instead of 2/6
    assert recorded.per_query["toy"]["exec@1"].tolist() == [1, 0, 1, 1, 0, 0]
    assert executed.per_query["toy"]["exec@1"].tolist() == [1, 0, 0, 1, 0, 0]
    diff = {p for p in executed.labels if recorded.labels[p].passed != executed.labels[p].passed}
    assert diff == {("q_0003", "c_0012")} and recorded.labels[("q_0003", "c_0012")].origin == RECORDED
    # the summary in config.json and on stderr names the row that contradicts the corpus label
    summary = recorded_summary(folder, release_labels(folder, bench, Limits()), qrels=bench.qrels)
    assert summary["pairs"] == 2 and summary["contradicting"] == ["q_0003/c_0012"]
    assert "warning: 1 of them contradict the corpus label (q_0003/c_0012)" in summary["note"]
    assert recorded_summary(BUNDLE, release_labels(BUNDLE, bench, Limits()), qrels=bench.qrels)["contradicting"] == []


def test_the_results_file_is_consistent_with_its_own_metrics_and_with_execir():
    data = json.loads((BUNDLE / "results" / "toy.json").read_text())
    assert (data["model"], data["n_queries"], data["n_corpus"], data["ks"]) == ("toy", 6, 29, [1, 3, 5, 10])
    # canonical ranks 1, 2, 4, 1, 7, 3; one canonical per query, nothing else passes
    ranks = [next(t["rank"] for t in q["top_results"] if t["corpus_id"] in q["correct_corpus_ids"])
             for q in data["per_query"]]
    assert ranks == [1, 2, 4, 1, 7, 3]
    gain = {1: 1.0, 2: 1 / math.log2(3), 3: 0.5, 4: 1 / math.log2(5), 7: 1 / 3}
    expected = {"exec@1": 2 / 6, "exec@3": 4 / 6, "exec@5": 5 / 6, "exec@10": 1.0,
                "precision@1": 2 / 6, "precision@3": 4 / 3 / 6, "precision@5": 1 / 6, "precision@10": 0.1,
                "ndcg@1": 2 / 6, "ndcg@3": (2 + gain[2] + gain[3]) / 6,
                "ndcg@5": (2 + gain[2] + gain[3] + gain[4]) / 6, "ndcg@10": (2 + sum(gain.values()) - 1) / 6}
    for k in (1, 3, 5, 10):
        expected[f"exec_ndcg_gap@{k}"] = expected[f"exec@{k}"] - expected[f"ndcg@{k}"]
    assert data["metrics"] == pytest.approx(expected, abs=1e-12)
    recorded = {(q["query_id"], t["corpus_id"]) for q in data["per_query"] for t in q["top_results"] if t["test_results"]}
    assert recorded == {("q_0003", "c_0012"), ("q_0002", "c_0004")}
    bench = load_bundle(BUNDLE)
    ev = score_runs(bench, {"toy": _toy_run()}, oracle=Oracle(workers=1, quiet=True))
    passes = {(q["query_id"], t["corpus_id"]): t["passes_all_tests"] for q in data["per_query"] for t in q["top_results"]}
    assert passes == {p: ev.labels[p].passed for p in passes}
    for k in (1, 3, 5, 10):
        for ours, theirs in (("exec", "exec"), ("execution_precision", "precision"), ("canonical_ndcg", "ndcg")):
            assert float(ev.per_query["toy"][f"{ours}@{k}"].mean()) == pytest.approx(expected[f"{theirs}@{k}"])


def test_the_probe_card_shows_lowest_id_picking_every_canonical():
    card = probe_card(str(BUNDLE), replicates=200)
    row = next(r for r in card["probes"] if r["probe"] == "lowest-id")
    assert row["exec@1"] == 1.0 and row["n_families"] == 6
    assert row["chance"] == pytest.approx((5 * 1 / 5 + 1 / 4) / 6, abs=1e-6)  # 0.208333
    assert any(line.startswith("lowest-id: exec@1 1.000") for line in gate(card))


@pytest.mark.parametrize("file, line, edit, field", [
    ("data/queries.jsonl", 3, lambda r: r.update(test_suite="assert count_vowels('a') == 1"), "test_suite"),
    ("data/queries.jsonl", 2, lambda r: r.update(correct_corpus_ids=["c_0007"]), "correct_corpus_ids"),
    ("data/queries.jsonl", 1, lambda r: r.update(domain=3), "domain"),
    ("data/queries.jsonl", 6, lambda r: r["paired_distractor_corpus_ids"].append("c_0099"),
     "paired_distractor_corpus_ids"),
    ("data/corpus.jsonl", 4, lambda r: r.update(label="maybe"), "label"),
    ("data/corpus.jsonl", 9, lambda r: r.pop("corpus_id"), "corpus_id"),
    ("data/execution_cache.jsonl", 2, lambda r: r.pop("outcomes"), "outcomes"),
])
def test_a_malformed_row_names_the_file_line_and_field(tmp_path, file, line, edit, field):
    folder = _copy(tmp_path)
    rows = [json.loads(x) for x in (folder / file).read_text().splitlines()]
    edit(rows[line - 1])
    (folder / file).write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(DataError) as err:
        bench = load_bundle(folder)
        recorded_outcomes(folder, bench)
    assert (Path(err.value.path), err.value.line, err.value.field) == (folder / file, line, field)
    result = CliRunner().invoke(app, ["probe", str(folder)])
    if file != CACHE:  # the probe reads no outcomes
        assert result.exit_code == 2 and f"{file}:{line}: field '{field}'" in result.stderr


def test_labels_jsonl_keeps_the_origin_and_refuses_an_unknown_one():
    rows = [(1, {"query_id": "q", "snippet_id": "s", "outcomes": ["pass"], "origin": "recorded"}),
            (2, {"query_id": "q", "snippet_id": "t", "outcomes": ["FAIL"]})]
    labels = labels_from_rows(rows, "labels.jsonl")
    assert (labels[("q", "s")].origin, labels[("q", "t")].origin) == (RECORDED, EXECUTED)
    assert labels[("q", "s")].to_dict("q", "s")["origin"] == "recorded"
    assert "origin" not in labels[("q", "t")].to_dict("q", "t")  # an execir release's rows stay as they were
    with pytest.raises(DataError, match="labels.jsonl:1: field 'origin'"):
        labels_from_rows([(1, {**rows[0][1], "origin": "guessed"})], "labels.jsonl")


@pytest.mark.slow
def test_evaluate_marks_recorded_judgements_and_reexecute_runs_them(tmp_path, monkeypatch):
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    outs = {}
    for flag in ("", "--reexecute"):
        out = tmp_path / f"out{flag}"
        argv = ["evaluate", str(BUNDLE), "--systems", "bm25", "--out", str(out), "--no-cache", "--quiet"]
        result = CliRunner().invoke(app, argv + ([flag] if flag else []))
        assert result.exit_code == 0, result.output
        outs[flag] = out
    config = {f: json.loads((o / "config.json").read_text())["recorded_outcomes"] for f, o in outs.items()}
    labels = {f: [json.loads(x) for x in (o / "labels.jsonl").read_text().splitlines()] for f, o in outs.items()}
    recorded = [r for r in labels[""] if r.get("origin") == "recorded"]
    assert config[""]["pairs"] == 2 and not config[""]["ignored"] and recorded  # bm25 ranks one of the two
    assert config["--reexecute"]["pairs"] == 0
    assert config["--reexecute"]["ignored"] and not any("origin" in r for r in labels["--reexecute"])
    assert {(r["query_id"], r["snippet_id"]) for r in recorded} <= {("q_0003", "c_0012"), ("q_0002", "c_0004")}
    strip = [[{k: v for k, v in r.items() if k != "origin"} for r in labels[f]] for f in outs]
    assert strip[0] == strip[1]
    boards = [json.loads((o / "leaderboard.json").read_text())["systems"][0]["metrics"] for o in outs.values()]
    assert boards[0] == boards[1]


def test_export_writes_the_bundle_as_a_beir_folder(tmp_path):
    result = CliRunner().invoke(app, ["export", str(BUNDLE), "--out", str(tmp_path / "beir"), "--format", "beir"])
    assert result.exit_code == 0, result.output
    assert len((tmp_path / "beir" / "corpus.jsonl").read_text().splitlines()) == 29
    qrels = (tmp_path / "beir" / "qrels" / "test.tsv").read_text().splitlines()
    assert len(qrels) == 1 + 29 and "q_0001\tc_0001\t2" in qrels


def test_readme_states_what_is_read_and_what_is_not():
    text = README.read_text()
    start = text.index("## The ExecRetrieval release")
    assert start < text.index("## Documentation")  # what each command writes is in docs/outputs.md
    section = text[start:text.index("\n## ", start + 3)]
    assert len(section.strip().splitlines()) <= 20
    for name in READ + NOT_READ:
        assert f"`{name}`" in section, name
    assert "run:ER/results/<model>.json" in section


@pytest.mark.slow
def test_the_published_rankings_rescore_to_their_own_metrics(tmp_path, monkeypatch):
    """Issue 53's goal: a results/<model>.json of the release, named as a system (run:), re-scores
    on the release itself to the metrics the file states (exec@k, precision@k, nDCG@k; 1e-4)."""
    monkeypatch.setenv("EXECIR_CACHE_DIR", str(tmp_path / "cache"))
    ranking = BUNDLE / "results" / "toy.json"
    argv = ["evaluate", str(BUNDLE), "--systems", f"run:{ranking}", "--out", str(tmp_path / "o"), "--quiet"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    ours = json.loads((tmp_path / "o" / "leaderboard.json").read_text())["systems"][0]["metrics"]
    theirs = json.loads(ranking.read_text())["metrics"]
    for k in (1, 3, 5, 10):
        for mine, published in (("exec", "exec"), ("execution_precision", "precision"), ("canonical_ndcg", "ndcg")):
            assert ours[f"{mine}@{k}"]["value"] == pytest.approx(theirs[f"{published}@{k}"], abs=1e-4), (mine, k)
