"""Reranker training: problem-disjoint split, CoREB-balanced mining, a seeded tiny training run
that reproduces, and its held-out evaluation."""

from __future__ import annotations

import hashlib
import json

import pytest

from execir.errors import UsageError
from execir.rerank.cross_encoder import CrossEncoderReranker
from execir.rerank.examples import (EASY, HARD, POSITIVE, hard_pool, mine_examples, split_tasks,
                                    subset)
from execir.rerank.train_cross_encoder import CARD_JSON, CARD_MD, EXAMPLES_JSONL, TrainSettings, train_reranker
from execir.records import Benchmark, Query, Snippet, Task

from .tiny_models import make_cross_encoder

N_TASKS = 12


def make_benchmark(n: int = N_TASKS) -> Benchmark:
    """Task ``t{i}`` (i = 1..n): ``f{i}(x) = x + i``; mutants ``x - i`` and ``x + i + 1``."""
    tasks, queries, corpus, qrels = {}, {}, {}, {}
    for i in range(1, n + 1):
        tid, qid = f"t{i:02d}", f"q-t{i:02d}"
        canon = f"def f{i}(x):\n    return x + {i}\n"
        tasks[tid] = Task(task_id=tid, query=f"add {i} to a number", entry_point=f"f{i}",
                          canonical=canon,
                          tests=(f"assert f{i}(0) == {i}", f"assert f{i}(1) == {i + 1}"))
        queries[qid] = Query(query_id=qid, text=f"add {i} to a number", task_id=tid)
        corpus[f"{tid}-c"] = Snippet(f"{tid}-c", canon, tid, "canonical")
        qrels[qid] = {f"{tid}-c": 2}
        for j, code in enumerate((canon.replace("+", "-"), canon.replace(f"+ {i}", f"+ {i} + 1"))):
            corpus[f"{tid}-d{j}"] = Snippet(f"{tid}-d{j}", code, tid, "distractor")
            qrels[qid][f"{tid}-d{j}"] = 1
    return Benchmark(name="tiny-train", queries=queries, corpus=corpus, qrels=qrels, tasks=tasks)


def test_split_is_a_seeded_hash_of_the_task_id_and_ignores_order():
    ids = [f"task/{i}" for i in range(200)]
    split = split_tasks(reversed(ids), held_out=0.25, seed=3)

    def u(t):  # the rule, by hand
        d = hashlib.sha256(f"execir-split\x003\x00{t}".encode()).digest()
        return int.from_bytes(d[:8], "big") / 2 ** 64

    assert split.held_out == tuple(sorted(t for t in ids if u(t) < 0.25))
    assert set(split.train) | set(split.held_out) == set(ids)
    assert not set(split.train) & set(split.held_out)
    more = split_tasks(ids + ["task/new"], held_out=0.25, seed=3)  # adding a task moves no other
    assert set(more.held_out) - {"task/new"} == set(split.held_out)
    assert split_tasks(ids, held_out=0.25, seed=4).held_out != split.held_out
    with pytest.raises(ValueError, match="one side empty"):
        split_tasks(["a"], held_out=0.5)


def test_mining_pairs_each_positive_with_an_easy_and_a_hard_negative():
    bench = make_benchmark(4)
    run = {"q-t01": [("t02-c", 3.0), ("t01-d0", 2.0), ("t03-c", 1.5), ("t01-c", 1.0)]}
    failing = {("q-t01", "t02-c"): True, ("q-t01", "t03-c"): False}
    # own mutants + verified-failing top snippets, in retrieval order (t01-d1 not retrieved: last)
    assert hard_pool(bench, "q-t01", [s for s, _ in run["q-t01"]], failing, 4) == \
        ["t02-c", "t01-d0", "t01-d1"]
    ex = mine_examples(bench, run, failing, seed=0, rounds=3, depth=4)
    mine = [e for e in ex if e.query_id == "q-t01"]
    for r in range(3):
        rows = [(e.snippet_id, e.label, e.kind) for e in mine if e.round == r]
        assert [k for _, _, k in rows] == [POSITIVE, HARD, POSITIVE, EASY]
        assert rows[0] == rows[2] == ("t01-c", 1, POSITIVE)
        easy = bench.corpus[rows[3][0]]
        assert easy.task_id != "t01" and rows[3][0] not in {"t02-c", "t03-c"}  # not retrieved
    hards = [e.snippet_id for e in mine if e.kind == HARD]
    assert sorted(hards) == ["t01-d0", "t01-d1", "t02-c"]  # 3 rounds visit the pool once
    assert "t03-c" not in hards  # passes (not verified failing): never a negative
    assert ex == mine_examples(bench, run, failing, seed=0, rounds=3, depth=4)
    from execir.rerank.train_cross_encoder import failing_counts

    assert failing_counts(bench, failing) == {"verified_failing_other_task_candidates": 1,  # t01 has tests
                                              "recorded_failing_other_task_candidates": 0}
    sub = subset(bench, ["t01", "t02"])
    assert set(sub.queries) == {"q-t01", "q-t02"} and len(sub.corpus) == 6
    assert set(sub.qrels) == {"q-t01", "q-t02"}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return make_cross_encoder(tmp_path_factory.mktemp("base") / "tiny-base", seed=1)


@pytest.fixture(scope="module")
def oracle():
    from execir.execution import Oracle

    return Oracle(cache=None, workers=1, quiet=True)


def _settings(base, seed=0):
    return TrainSettings(base=str(base), retriever="bm25", held_out=0.25, seed=seed, epochs=2,
                         batch_size=4, max_length=64, mine_depth=4, eval_depth=6)


def test_tiny_training_is_problem_disjoint_reproducible_and_evaluated(tmp_path, base, oracle):
    bench = make_benchmark()
    card = train_reranker(bench, tmp_path / "a", oracle=oracle, settings=_settings(base))
    held = set(card["split"]["held_out_tasks"])
    assert held == set(split_tasks(bench.tasks, held_out=0.25, seed=0).held_out)
    rows = [json.loads(line) for line in (tmp_path / "a" / EXAMPLES_JSONL).read_text().splitlines()]
    assert rows and len(rows) == card["examples"]["total"]
    for row in rows:  # problem-disjoint: no held-out query or snippet was trained on
        assert bench.queries[row["query_id"]].task_id not in held
        assert bench.corpus[row["snippet_id"]].task_id not in held
    assert card["examples"]["positive"] == card["examples"]["hard"] + card["examples"]["easy"]
    assert (tmp_path / "a" / CARD_MD).read_text().startswith("# execir cross-encoder reranker")
    assert json.loads((tmp_path / "a" / CARD_JSON).read_text())["settings"]["seed"] == 0
    ho = card["held_out"]
    assert ho["n_queries"] == len(held)
    names = list(ho["systems"])
    # every trained model is read beside the query-blind probe on its first stage
    assert names == ["bm25", f"bm25>cross:{tmp_path / 'a'}", "bm25>medoid"]
    assert ho["probes"] == ["bm25>medoid"] and ho["best_probe"]["system"] == "bm25>medoid"
    for metrics in ho["systems"].values():
        m = metrics["exec@1"]
        assert 0.0 <= m["ci_low"] <= m["value"] <= m["ci_high"] <= 1.0
    value = {name: ho["systems"][name]["exec@1"]["value"] for name in names}
    d = ho["paired"]["exec@1"]
    assert d["diff"] == pytest.approx(value[names[1]] - value["bm25"])
    d = ho["best_probe"]["paired"]["exec@1"]
    assert d["diff"] == pytest.approx(value[names[1]] - value["bm25>medoid"])
    assert d["diff_ci_low"] <= d["diff"] <= d["diff_ci_high"]
    card_md = (tmp_path / "a" / CARD_MD).read_text()
    assert "| bm25>medoid (probe: reads neither the query nor the tests) |" in card_md
    assert f"Δ exec@1 over the best probe bm25>medoid = {d['diff']:+.3f}" in card_md

    again = train_reranker(bench, tmp_path / "b", oracle=oracle, settings=_settings(base),
                           evaluate=False)
    other = train_reranker(bench, tmp_path / "c", oracle=oracle, settings=_settings(base, seed=5),
                           evaluate=False)
    pairs = [(q.text, s.code) for q in bench.queries.values() for s in bench.corpus.values()][:40]
    a = CrossEncoderReranker(tmp_path / "a", device="cpu").score(pairs)
    assert CrossEncoderReranker(tmp_path / "b", device="cpu").score(pairs) == a  # same seed
    assert again["training"]["loss_per_epoch"] == card["training"]["loss_per_epoch"]
    assert again["training"]["loss_curve"] == card["training"]["loss_curve"]
    by_kind = card["training"]["loss_by_kind"]
    assert set(by_kind) == {POSITIVE, EASY, HARD} and all(len(v) == 2 for v in by_kind.values())
    n = {k: card["examples"][k] for k in (POSITIVE, EASY, HARD)}  # each epoch's mean, recomposed
    for epoch in range(2):  # (every round has the same mix of kinds; batch means aside)
        recomposed = sum(by_kind[k][epoch] * n[k] for k in n) / sum(n.values())
        assert recomposed == pytest.approx(card["training"]["loss_per_epoch"][epoch], abs=0.02)
    assert CrossEncoderReranker(tmp_path / "c", device="cpu").score(pairs) != a
    assert other["split"]["fingerprint"] != card["split"]["fingerprint"]


def test_bad_settings_fail_before_any_work(tmp_path, oracle):
    with pytest.raises(UsageError, match="--held-out"):
        train_reranker(make_benchmark(), tmp_path, oracle=oracle,
                       settings=TrainSettings(held_out=1.5))
    with pytest.raises(UsageError, match="does not exist"):
        train_reranker(make_benchmark(), tmp_path, oracle=oracle,
                       settings=TrainSettings(base=str(tmp_path / "none")))


def test_cli_trains_from_a_release_folder(tmp_path, base):
    from typer.testing import CliRunner

    from execir.cli.commands import app
    from execir.formats.files import write_release

    bench = make_benchmark()
    write_release(tmp_path / "rel", name=bench.name, queries=bench.queries.values(),
                  corpus=bench.corpus.values(), qrels=bench.qrels, tasks=bench.tasks.values())
    args = ["train-reranker", "--release", str(tmp_path / "rel"), "--base", str(base),
            "--retriever", "bm25", "--held-out", "0.25", "--epochs", "1", "--batch-size", "8",
            "--max-length", "64", "--mine-depth", "3", "--no-eval", "--workers", "1",
            "--cache-dir", str(tmp_path / "cache"), "--quiet"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "cache" / "rerankers" / "cross-bm25-tiny-train-seed0"
    assert f"use it as 'bm25>cross:{folder}'" in result.output
    card = json.loads((folder / CARD_JSON).read_text())
    assert card["settings"]["retriever"] == "bm25" and "held_out" not in card
    bad = CliRunner().invoke(app, args + ["--held-out", "0"])
    assert bad.exit_code == 2 and "--held-out must be between 0 and 1" in bad.output


def test_the_loss_curve_is_the_mean_of_equal_runs_of_steps():
    from execir.rerank.train_cross_encoder import loss_curve

    assert loss_curve([1.0, 3.0, 2.0, 2.0, 0.5, 0.5], points=3) == [2.0, 2.0, 0.5]
    assert loss_curve([1.0, 2.0, 3.0, 4.0, 5.0], points=2) == [1.5, 4.0]  # bounds 0, 2, 5
    assert loss_curve([0.7, 0.6], points=10) == [0.7, 0.6]
    assert loss_curve([]) == []


def test_the_held_out_lines_mark_the_probe_and_give_the_difference_over_it(capsys):
    from execir.cli.train import _print_held_out

    m = lambda v: {"exec@1": {"value": v, "ci_low": v - 0.1, "ci_high": v + 0.1}}  # noqa: E731
    d = lambda v: {"exec@1": {"diff": v, "diff_ci_low": v - 0.05, "diff_ci_high": v + 0.05}}  # noqa: E731
    held = {"systems": {"bm25": m(0.2), "bm25>cross:x": m(0.3), "bm25>medoid": m(0.25)},
            "probes": ["bm25>medoid"], "paired": d(0.1),
            "best_probe": {"system": "bm25>medoid", "paired": d(0.05)}}
    _print_held_out({"held_out": held})
    assert capsys.readouterr().out.splitlines() == [
        "held-out bm25: exec@1 0.200 [0.100, 0.300]",
        "held-out bm25>cross:x: exec@1 0.300 [0.200, 0.400]",
        "held-out bm25>medoid (probe): exec@1 0.250 [0.150, 0.350]",
        "held-out Δ exec@1: +0.100 [+0.050, +0.150]",
        "held-out Δ exec@1 over the best probe bm25>medoid: +0.050 [+0.000, +0.100]"]
