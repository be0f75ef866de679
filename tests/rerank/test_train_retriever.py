"""First-stage training (``execir train-retriever``): triplets from the mined examples, a seeded
tiny fine-tuning of the bundled MiniLM that reproduces and learns, family@1 by hand, and the
``trained:<folder>`` system."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from execir.errors import UsageError
from execir.rerank.examples import EASY, HARD, POSITIVE, Example, split_tasks
from execir.evaluation.metrics.family import family_at_1
from execir.rerank.train_cross_encoder import CARD_JSON, CARD_MD, EXAMPLES_JSONL
from execir.rerank.train_retriever import KIND, RetrieverSettings, train_retriever, triplets
from execir.retrieval.spec import parse_system
from execir.records import Benchmark, Query, Snippet

from .test_train import make_benchmark

pytest.importorskip("sentence_transformers")


@pytest.fixture(scope="module")
def oracle():
    from execir.execution import Oracle

    return Oracle(cache=None, workers=1, quiet=True)


def _settings(seed=0, **kw):
    return RetrieverSettings(held_out=0.25, seed=seed, epochs=kw.pop("epochs", 2), batch_size=4,
                             max_length=32, mine_depth=4, **kw)


def _encode(folder, texts):
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(folder), device="cpu", local_files_only=True).encode(texts)


def test_triplets_take_the_hard_negative_or_else_the_easy_one():
    ex = [Example("q1", "p1", 1, POSITIVE, 0), Example("q1", "h1", 0, HARD, 0),
          Example("q1", "p1", 1, POSITIVE, 0), Example("q1", "e1", 0, EASY, 0),
          Example("q2", "p2", 1, POSITIVE, 0), Example("q2", "e2", 0, EASY, 0),
          Example("q1", "p1", 1, POSITIVE, 1), Example("q1", "e3", 0, EASY, 1),
          Example("q1", "h2", 0, HARD, 1), Example("q3", "p3", 1, POSITIVE, 1)]
    assert triplets(ex, 2) == [[("q1", "p1", "h1", HARD), ("q2", "p2", "e2", EASY)],
                                     [("q1", "p1", "h2", HARD)]]  # q3 has no negative


def test_family_at_1_counts_the_right_task_at_rank_1():
    corpus = {s: Snippet(s, "x", t, "canonical") for s, t in
              [("a1", "A"), ("a2", "A"), ("b1", "B"), ("c1", "C")]}
    queries = {q: Query(q, "text", t) for q, t in [("qa", "A"), ("qb", "B"), ("qc", "C"), ("qd", "D")]}
    bench = Benchmark(name="f", queries=queries, corpus=corpus, qrels={}, tasks={})
    run = {"qa": [("a2", 1.0), ("b1", 0.5)], "qb": [("a1", 0.9), ("b1", 0.8)], "qc": [("c1", 0.1)]}
    got = family_at_1(bench, run)  # qa right (a mutant counts), qb wrong, qc right, qd empty
    assert got["value"] == 0.5
    assert 0.0 <= got["ci_low"] <= 0.5 <= got["ci_high"] <= 1.0
    with pytest.raises(ValueError, match="no query"):
        family_at_1(Benchmark(name="e", queries={}, corpus={}, qrels={}, tasks={}), {})


def test_tiny_training_reproduces_is_problem_disjoint_and_evaluated(tmp_path, oracle):
    bench = make_benchmark()
    card = train_retriever(bench, tmp_path / "a", oracle=oracle, settings=_settings())
    held = set(card["split"]["held_out_tasks"])
    assert held == set(split_tasks(bench.tasks, held_out=0.25, seed=0).held_out)
    rows = [json.loads(x) for x in (tmp_path / "a" / EXAMPLES_JSONL).read_text().splitlines()]
    assert len(rows) == card["examples"]["total"] == 2 * (len(bench.tasks) - len(held))
    for row in rows:  # problem-disjoint, and each triplet's positive is its query's canonical
        task = bench.queries[row["query_id"]].task_id
        assert task not in held and bench.corpus[row["negative_id"]].task_id not in held
        assert row["positive_id"] == f"{task}-c" and row["kind"] in (HARD, EASY)
    assert card["kind"] == KIND and card["examples"]["hard"] == len(rows)  # own mutants exist
    assert (tmp_path / "a" / CARD_MD).read_text().startswith("# execir bi-encoder retriever")
    ho = card["held_out"]
    trained = f"trained:{tmp_path / 'a'}"
    names = ["minilm", trained, "minilm>medoid", f"{trained}>medoid"]  # each first stage's probe
    assert list(ho["systems"]) == names and set(ho["family@1"]) == set(names)
    assert ho["probes"] == names[2:] and ho["n_queries"] == len(held)
    value = {name: ho["systems"][name]["exec@1"]["value"] for name in names}
    d = ho["paired"]["exec@1"]
    assert d["diff"] == pytest.approx(value[trained] - value["minilm"])
    best = ho["best_probe"]["system"]
    assert value[best] == max(value[p] for p in names[2:])
    assert best == names[2] or value[names[3]] > value[names[2]]  # ties: the first listed
    assert ho["best_probe"]["paired"]["exec@1"]["diff"] == pytest.approx(value[trained] - value[best])
    again = train_retriever(bench, tmp_path / "b", oracle=oracle, settings=_settings(), evaluate=False)
    other = train_retriever(bench, tmp_path / "c", oracle=oracle, settings=_settings(seed=3),
                            evaluate=False)
    texts = [q.text for q in bench.queries.values()] + [s.code for s in bench.corpus.values()]
    a = _encode(tmp_path / "a", texts)
    assert np.array_equal(a, _encode(tmp_path / "b", texts))  # same seed, same weights
    assert again["training"]["loss_per_epoch"] == card["training"]["loss_per_epoch"]
    assert not np.array_equal(a, _encode(tmp_path / "c", texts))
    assert other["split"]["fingerprint"] != card["split"]["fingerprint"]


def test_the_in_batch_loss_falls(tmp_path, oracle):
    """Four queries a batch rank eight candidates: a model that knew nothing would sit at
    ln 8; the loss must fall from its first epoch to its last."""
    card = train_retriever(make_benchmark(), tmp_path / "m", oracle=oracle, evaluate=False,
                           settings=_settings(epochs=4, learning_rate=1e-4))
    losses = card["training"]["loss_per_epoch"]
    assert len(losses) == 4 and losses[-1] < losses[0] < math.log(8) + 1.0


def test_trained_systems_name_a_bi_encoder_folder(tmp_path):
    with pytest.raises(UsageError, match="no execir_card.json"):
        parse_system(f"trained:{tmp_path / 'none'}")
    (tmp_path / "cross").mkdir()
    (tmp_path / "cross" / CARD_JSON).write_text(json.dumps({"kind": "sentence-transformers CrossEncoder"}))
    with pytest.raises(UsageError, match="cross-encoder is a reranker"):
        parse_system(f"trained:{tmp_path / 'cross'}")
    (tmp_path / "bi").mkdir()
    (tmp_path / "bi" / CARD_JSON).write_text(json.dumps({"kind": KIND}))
    spec = parse_system(f"trained:{tmp_path / 'bi'}")
    assert spec.kind == "folder" and spec.folder == (tmp_path / "bi").resolve()
    assert spec.name == f"trained:{tmp_path / 'bi'}"
    (tmp_path / "a+b").mkdir()  # a folder whose name holds '+' is not a fusion
    (tmp_path / "a+b" / CARD_JSON).write_text(json.dumps({"kind": KIND}))
    assert parse_system(f"trained:{tmp_path / 'a+b'}").folder == (tmp_path / "a+b").resolve()
    spec = parse_system(f"trained:{tmp_path / 'a+b'}>consensus")
    assert (spec.folder, spec.reranker) == ((tmp_path / "a+b").resolve(), "consensus")


def test_bad_settings_fail_before_any_work(tmp_path, oracle):
    with pytest.raises(UsageError, match="--scale"):
        train_retriever(make_benchmark(), tmp_path, oracle=oracle, settings=RetrieverSettings(scale=0))
    with pytest.raises(UsageError, match="--held-out"):
        train_retriever(make_benchmark(), tmp_path, oracle=oracle, settings=RetrieverSettings(held_out=1))
    assert not any(tmp_path.iterdir())


def test_cli_trains_from_a_release_folder(tmp_path):
    from typer.testing import CliRunner

    from execir.cli.commands import app
    from execir.formats.files import write_release

    bench = make_benchmark()
    write_release(tmp_path / "rel", name=bench.name, queries=bench.queries.values(),
                  corpus=bench.corpus.values(), qrels=bench.qrels, tasks=bench.tasks.values())
    args = ["train-retriever", "--release", str(tmp_path / "rel"), "--held-out", "0.25",
            "--batch-size", "8", "--max-length", "32", "--mine-depth", "3", "--no-eval",
            "--workers", "1", "--cache-dir", str(tmp_path / "cache"), "--quiet"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "cache" / "rerankers" / "bi-minilm-tiny-train-seed0"
    assert f"use it as 'trained:{folder}'" in result.output
    assert "held_out" not in json.loads((folder / CARD_JSON).read_text())
    bad = CliRunner().invoke(app, args + ["--scale", "-1"])
    assert bad.exit_code == 2 and "--scale must be a positive number" in bad.output
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    other = CliRunner().invoke(app, ["train-reranker", "--release", str(tmp_path / "rel"), "--out",
                                     str(folder), "--cache-dir", str(tmp_path / "cache"), "--quiet"])
    assert other.exit_code == 2 and "holds another kind of trained model" in other.output
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # untouched


def test_an_interrupted_run_leaves_the_old_model_folder_as_it_was(tmp_path, oracle, monkeypatch):
    import execir.rerank.train_retriever as module

    out = tmp_path / "model"
    out.mkdir()
    (out / "weights.bin").write_bytes(b"the model trained before")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "evaluate_held_out", interrupted)
    with pytest.raises(KeyboardInterrupt):
        train_retriever(make_benchmark(), out, oracle=oracle, settings=_settings(epochs=1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # no staging folder left
    assert [p.name for p in out.iterdir()] == ["weights.bin"]
    assert (out / "weights.bin").read_bytes() == b"the model trained before"
    card = train_retriever(make_benchmark(), out, oracle=oracle, settings=_settings(epochs=1),
                           evaluate=False)  # a finished run replaces the folder as a whole
    assert not (out / "weights.bin").exists() and (out / CARD_JSON).is_file()
    assert card["folder"] == str(out) and sorted(p.name for p in tmp_path.iterdir()) == ["model"]
