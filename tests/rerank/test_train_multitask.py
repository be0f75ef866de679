"""Training on a CoREB-format benchmark (execir-poly's kind): t2c, c2t and c2c queries over a code
and a text corpus, graded qrels and no tests -- the same trainers, split, mining and held-out
evaluation as an execir release, scored per task."""

from __future__ import annotations

import json

import pytest

from execir.rerank.examples import EASY, HARD, POSITIVE, hard_pool, mine_examples, split_tasks, task_ids
from execir.rerank.train import (CARD_JSON, CARD_MD, EXAMPLES_JSONL, TrainSettings, _mining_failures,
                                 failing_counts, train_reranker)
from execir.records import CODE, TEXT, Benchmark, Query, Snippet

from .tiny_models import make_cross_encoder

N_TASKS = 12


def make_multitask(n: int = N_TASKS) -> Benchmark:
    """Task ``t{i}``: a Python and a JavaScript solution of ``x + i``, a Python mutant ``x - i``
    and a description.  Queries: t2c asking for Python (the JavaScript solution is level 1, as
    CoREB grades another language), c2t from the Python solution (the next task's description is
    a judged hard negative, level 1), c2c from the Python solution (its anchor) to the JavaScript
    one."""
    corpus: dict[str, Snippet] = {}
    queries: dict[str, Query] = {}
    qrels: dict[str, dict[str, int]] = {}
    for i in range(1, n + 1):
        t, py = f"t{i:02d}", f"def f{i}(x):\n    return x + {i}\n"
        for sid, code, lang, kind, passed in (
                (f"c{i}-py", py, "python", "solution", True),
                (f"c{i}-js", f"function f{i}(x) {{ return x + {i}; }}", "javascript", "solution", True),
                (f"c{i}-mut", py.replace("+", "-"), "python", "mutant", False)):
            corpus[sid] = Snippet(sid, code, t, kind, language=lang, passed=passed)
    for i in range(1, n + 1):
        t = f"t{i:02d}"
        corpus[f"d{i}"] = Snippet(f"d{i}", f"add {i} to a number", t, "description", language=None,
                                  modality=TEXT)
        py = corpus[f"c{i}-py"].code
        queries[f"q-t2c-{i}"] = Query(f"q-t2c-{i}", f"add {i} to a number", t, subtask="t2c_full_retro_python",
                                      variant="full_retro", language="python")
        qrels[f"q-t2c-{i}"] = {f"c{i}-py": 2, f"c{i}-js": 1, f"c{i}-mut": 1}
        queries[f"q-c2t-{i}"] = Query(f"q-c2t-{i}", py, t, direction="c2t", subtask="c2t_full_retro_python",
                                      variant="full_retro", language="python", anchor_language="python",
                                      anchor_id=f"c{i}-py")
        qrels[f"q-c2t-{i}"] = {f"d{i}": 2, f"d{i % n + 1}": 1}
        queries[f"q-c2c-{i}"] = Query(f"q-c2c-{i}", py, t, direction="c2c", subtask="c2c_cross_lang",
                                      variant="cross_lang", anchor_language="python", anchor_id=f"c{i}-py")
        qrels[f"q-c2c-{i}"] = {f"c{i}-js": 2, f"c{i}-mut": 1}
    return Benchmark(name="tiny-multitask", queries=queries, corpus=corpus, qrels=qrels)


def test_a_benchmark_without_tests_splits_the_tasks_its_queries_name():
    bench = make_multitask(4)
    assert not bench.tasks and task_ids(bench) == ["t01", "t02", "t03", "t04"]


def test_mining_takes_negatives_from_the_corpus_each_query_ranks_and_never_the_anchor():
    bench = make_multitask(4)
    run = {"q-c2t-1": [("d2", 3.0), ("d3", 2.0), ("d1", 1.0)],
           "q-c2c-1": [("c1-py", 3.0), ("c2-py", 2.5), ("c1-mut", 2.0), ("c1-js", 1.0)],
           "q-t2c-1": [("c1-js", 2.0), ("c1-py", 1.0)]}
    # no tests: another task's description or program is recorded as failing, nothing runs
    failing = _mining_failures(bench, run, 3, oracle=None)
    assert failing == {("q-c2t-1", "d2"): True, ("q-c2t-1", "d3"): True, ("q-c2c-1", "c2-py"): True}
    assert hard_pool(bench, "q-c2t-1", ["d2", "d3", "d1"], failing, 3) == ["d2", "d3"]
    assert hard_pool(bench, "q-c2c-1", [s for s, _ in run["q-c2c-1"]], failing, 3) == ["c2-py", "c1-mut"]
    assert hard_pool(bench, "q-t2c-1", ["c1-js", "c1-py"], failing, 3) == ["c1-js", "c1-mut"]
    ex = mine_examples(bench, run, failing, seed=0, rounds=2, depth=3)
    by = lambda q, kind: [e.snippet_id for e in ex if e.query_id == q and e.kind == kind]  # noqa: E731
    assert by("q-c2t-1", POSITIVE) == ["d1"] * 4
    assert sorted(by("q-c2t-1", HARD)) == ["d2", "d3"]  # two rounds visit the pool once
    assert by("q-c2t-1", EASY) == ["d4", "d4"]  # the only description neither retrieved nor judged
    assert set(by("q-c2c-1", POSITIVE)) == {"c1-js"}
    assert set(by("q-c2c-1", HARD)) <= {"c2-py", "c1-mut"}
    for sid in by("q-c2c-1", EASY) + by("q-t2c-1", EASY):  # a program of another task, unretrieved
        assert bench.corpus[sid].modality == CODE and bench.corpus[sid].task_id != "t01"
        assert sid != "c2-py"
    assert "c1-py" not in {e.snippet_id for e in ex if e.query_id == "q-c2c-1"}  # the anchor
    # the card says these three were known from the source's labels, none by execution
    assert failing_counts(bench, failing) == {"verified_failing_other_task_candidates": 0,
                                              "recorded_failing_other_task_candidates": 3}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return make_cross_encoder(tmp_path_factory.mktemp("base") / "tiny-base", seed=1)


def test_training_on_a_multitask_benchmark_is_problem_disjoint_and_scored_per_task(tmp_path, base):
    from execir.execution import Oracle
    from execir.retrieval.factory import make_retriever
    from execir.retrieval.runs import retrieve
    from execir.rerank.examples import subset

    bench = make_multitask()
    settings = TrainSettings(base=str(base), retriever="bm25", held_out=0.25, seed=0, epochs=2,
                             batch_size=4, max_length=64, mine_depth=4, eval_depth=6)
    card = train_reranker(bench, tmp_path / "m", oracle=Oracle(cache=None, workers=1, quiet=True),
                          settings=settings)
    held = set(split_tasks(task_ids(bench), held_out=0.25, seed=0).held_out)
    assert set(card["split"]["held_out_tasks"]) == held and card["data"]["n_tasks"] == N_TASKS
    rows = [json.loads(line) for line in (tmp_path / "m" / EXAMPLES_JSONL).read_text().splitlines()]
    assert {bench.queries[r["query_id"]].direction for r in rows} == {"t2c", "c2t", "c2c"}
    for r in rows:  # problem-disjoint, and every pair within the corpus its query ranks
        q, d = bench.queries[r["query_id"]], bench.corpus[r["snippet_id"]]
        assert q.task_id not in held and d.task_id not in held and d.modality == q.target
        assert r["snippet_id"] != q.anchor_id
    ho = card["held_out"]
    assert list(ho["by_task"]) == ["t2c", "c2t", "c2c"]
    assert "exec@1" not in ho["by_task"]["c2t"]["systems"]["bm25"]  # descriptions do not run

    # by hand: bm25 on the held-out tasks, the anchor out of each c2c list
    sub = subset(bench, held)
    runs, _ = retrieve(sub, {"bm25": make_retriever("bm25")})
    lists = {q: [s for s, _ in ranked if s != sub.queries[q].anchor_id] for q, ranked in runs["bm25"].items()}
    top = {q: sub.corpus[ranked[0]] for q, ranked in lists.items()}
    t2c = [q for q in sub.queries if sub.queries[q].direction == "t2c"]
    exec1 = sum(top[q].passed and top[q].task_id == sub.queries[q].task_id for q in t2c) / len(t2c)
    assert ho["by_task"]["t2c"]["systems"]["bm25"]["exec@1"]["value"] == pytest.approx(exec1)
    p1 = sum(sub.qrels[q].get(lists[q][0], 0) == 2 for q in t2c) / len(t2c)
    assert ho["by_task"]["t2c"]["systems"]["bm25"]["precision@1"]["value"] == pytest.approx(p1)
    family = sum(top[q].task_id == sub.queries[q].task_id for q in sub.queries) / len(sub.queries)
    assert ho["family@1"]["bm25"]["value"] == pytest.approx(family)
    challenger = f"bm25>cross:{tmp_path / 'm'}"
    d = ho["by_task"]["t2c"]["paired"]["exec@1"]
    assert d["diff"] == pytest.approx(ho["by_task"]["t2c"]["systems"][challenger]["exec@1"]["value"] - exec1)
    assert "### c2t (" in (tmp_path / "m" / CARD_MD).read_text()


def test_cli_trains_on_a_coreb_folder(tmp_path, base):
    """A CoREB-format release (execir-poly's format) trains as any other; the model card names
    its tasks."""
    from typer.testing import CliRunner

    from execir.cli.commands import app
    from execir.formats.coreb import write_coreb_folder

    (tmp_path / "poly").mkdir()
    write_coreb_folder(tmp_path / "poly", make_multitask())
    result = CliRunner().invoke(app, ["train-reranker", "--release", str(tmp_path / "poly"), "--base", str(base),
                                      "--retriever", "bm25", "--held-out", "0.25", "--batch-size", "8",
                                      "--max-length", "64", "--mine-depth", "3", "--no-eval",
                                      "--out", str(tmp_path / "model"), "--quiet"])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / "model" / CARD_JSON).read_text())
    assert card["data"]["n_tasks"] == N_TASKS and card["examples"]["positive"] > 0


def test_a_benchmark_that_ranks_only_descriptions_reports_no_execution_metric(tmp_path, base):
    """c2t alone: nothing ranked runs, so the card has no exec@k row, and is still written."""
    from execir.execution import Oracle

    full = make_multitask()
    keep = {q: v for q, v in full.queries.items() if v.direction == "c2t"}
    bench = Benchmark(name="c2t-only", queries=keep, corpus=full.corpus,
                      qrels={q: full.qrels[q] for q in keep})
    settings = TrainSettings(base=str(base), retriever="bm25", held_out=0.25, epochs=1, batch_size=8,
                             max_length=64, mine_depth=3, eval_depth=4)
    card = train_reranker(bench, tmp_path / "m", oracle=Oracle(cache=None, workers=1, quiet=True),
                          settings=settings)
    ho = card["held_out"]
    assert set(ho["systems"]["bm25"]) == {"canonical_ndcg@10", "ndcg@10"}
    assert set(ho["paired"]) == {"canonical_ndcg@10", "ndcg@10"} and list(ho["by_task"]) == ["c2t"]
    assert "| bm25 | - | - |" in (tmp_path / "m" / CARD_MD).read_text()
