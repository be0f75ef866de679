"""A release knows the labels of its own qrels pairs (labels.jsonl); evaluation never re-executes
them when its oracle's limits are the build's, and executes them like any other when not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from execir.construction import build_release
from execir.datasets import load_dataset
from execir.evaluation.labels import release_labels
from execir.execution import Limits, Oracle
from execir.formats.files import load_benchmark
from execir.workflow.pipeline import evaluate_release

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl"


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    out = tmp_path_factory.mktemp("rel") / "r"
    build_release(load_dataset("tasks", FIXTURE), out, name="fx", oracle=Oracle(workers=2))
    return out


def test_labels_file_covers_every_qrels_pair_with_real_outcomes(release):
    bench = load_benchmark(release)
    rows = [json.loads(line) for line in (release / "labels.jsonl").read_text().splitlines()]
    assert [(r["query_id"], r["snippet_id"]) for r in rows] == sorted(
        (q, s) for q, rel in bench.qrels.items() for s in rel)
    for row in rows:
        level = bench.qrels[row["query_id"]][row["snippet_id"]]
        n_tests = len(bench.task_for_query(row["query_id"]).tests)
        assert len(row["outcomes"]) == n_tests
        assert all(o == "pass" for o in row["outcomes"]) == (level == 2)
        if level == 1:  # a planted distractor is killed by a wrong output
            assert "FAIL" in row["outcomes"]
    assert bench.manifest["labels"]["limits"] == Limits().key()
    assert bench.manifest["sha256"]["labels.jsonl"]


def test_known_labels_are_never_executed(release, tmp_path, monkeypatch):
    bench = load_benchmark(release)
    known = {(bench.corpus[s].code, tuple(bench.task_for_query(q).tests))
             for q, rel in bench.qrels.items() for s in rel}
    ran: list = []
    real = Oracle.run

    def spy(self, jobs, **kw):
        ran.extend((code, tuple(tests)) for code, tests in jobs)
        return real(self, jobs, **kw)

    monkeypatch.setattr(Oracle, "run", spy)
    board = evaluate_release(release, systems="bm25", out=tmp_path / "res", oracle=Oracle(),
                             cache_dir=tmp_path / "cache", log=lambda _m: None)
    assert not known & set(ran)
    labels = {(r["query_id"], r["snippet_id"]): r["outcomes"]
              for r in map(json.loads, (tmp_path / "res" / "labels.jsonl").read_text().splitlines())}
    expected = release_labels(release, bench, Limits())
    assert all(labels[p] == list(expected[p].outcomes) for p in labels if p in expected)

    ran.clear()
    executed = evaluate_release(release, systems="bm25", out=tmp_path / "res2",
                                oracle=Oracle(limits=Limits(timeout=4.0)),
                                cache_dir=tmp_path / "cache", log=lambda _m: None)
    assert known & set(ran)  # other limits: the release's labels do not apply
    for key in ("exec@1", "exec@10", "ndcg@10", "execution_precision@5"):  # and agree with them
        assert executed["systems"][0]["metrics"][key] == board["systems"][0]["metrics"][key]


def test_labels_of_another_runner_do_not_apply(release):
    import dataclasses

    bench = load_benchmark(release)
    assert release_labels(release, bench, Limits()) is not None
    manifest = dict(bench.manifest, labels=dict(bench.manifest["labels"], runner="execir-runner-0"))
    assert release_labels(release, dataclasses.replace(bench, manifest=manifest), Limits()) is None
