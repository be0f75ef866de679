"""A probe run as a system (``retriever>medoid``) is listed as a probe: after the methods, unranked,
marked, and every reranked system's gain is printed beside the best probe's."""

from __future__ import annotations

from execir.cli.render import _probe_notes
from execir.evaluation import score_runs
from execir.evaluation.evaluate import compute_tables
from execir.execution import Oracle
from execir.retrieval.spec import is_probe
from tests.evaluation.conftest import make_benchmark, oracle_labels

# q-t0's canonical is t0-c; B puts it first everywhere, A never does
RUNS = {
    "A": {"q-t0": [("t0-d0", 0.9), ("t0-c", 0.8)], "q-t1": [("t1-d0", 0.7), ("t1-c", 0.6)],
          "q-t2": [("t0-c", 2.0), ("t2-c", 1.0)]},
    "A>medoid": {"q-t0": [("t0-c", 0.9)], "q-t1": [("t1-c", 0.6)], "q-t2": [("t2-c", 1.0)]},
    "A>rescore:B": {"q-t0": [("t0-c", 0.9)], "q-t1": [("t1-d0", 0.7)], "q-t2": [("t2-c", 1.0)]},
}


def test_is_probe_reads_the_last_stage():
    assert is_probe("minilm>medoid") and is_probe("bm25>medoid:0.9") and is_probe("bm25+minilm>Medoid")
    assert not is_probe("medoid") and not is_probe("minilm>consensus") and not is_probe("minilm")


def test_a_probe_is_listed_unranked_after_the_methods():
    tiny = make_benchmark()
    ev = score_runs(tiny, RUNS, labels=oracle_labels(tiny), oracle=Oracle())
    board, _ = compute_tables(ev, replicates=50)
    rows = [(r["rank"], r["system"], r.get("probe", False)) for r in board["systems"]]
    # the probe has the best exec@1 (3/3) but is listed last, with no rank
    assert rows == [(1, "A>rescore:B", False), (2, "A", False), (None, "A>medoid", True)]
    notes = _probe_notes(board, "exec@1")
    assert notes[0] == "note: A>medoid is a probe (it reads neither the query nor the tests): exec@1 1.000"
    # A>rescore:B: exec@1 2/3, A: 0/3, probe 3/3
    assert notes[1:] == ["note: A>rescore:B: exec@1 +0.667 over A, -0.333 over the best probe A>medoid"]


def test_coreb_view_lists_probes_after_the_methods():
    from execir.evaluation.multitask import group_tables
    from execir.report.multitask import table3_text
    from tests.coreb.conftest import tiny_benchmark, tiny_run

    bench = tiny_benchmark()
    best = {q: sorted(items, key=lambda x: -int(bench.qrels.get(q, {}).get(x[0], 0) == 2)) for q, items in
            tiny_run().items()}  # every positive first: the probe beats the method
    ev = score_runs(bench, {"s": tiny_run(), "s>medoid": best}, match_negatives="keep")
    board, _ = group_tables(ev, replicates=20)
    assert board["systems"] == ["s", "s>medoid"] and board["probes"] == ["s>medoid"]
    text = table3_text(board)
    assert "s>medoid (probe)" in text and text.splitlines()[-1].startswith("probes (read neither")


def test_rerank_json_reads_each_method_against_the_best_probe_on_its_first_stage():
    from execir.evaluation.rerank_delta import rerank_deltas

    tiny = make_benchmark()
    runs = dict(RUNS, **{"A>medoid:0.5": RUNS["A"]})  # a second, weaker probe of A (exec@1 0/3)
    ev = score_runs(tiny, runs, labels=oracle_labels(tiny), oracle=Oracle())
    out = rerank_deltas(ev, replicates=50)["systems"]
    row = out["A>rescore:B"]["best_probe"]
    assert row["probe"] == "A>medoid"  # exec@1 3/3 beats 0/3
    m = row["metrics"]["exec@1"]  # by hand: reranked 2/3, probe 3/3; q-t1 is the one discordant query
    assert (m["reranked"], m["probe"]) == (2 / 3, 1.0) and abs(m["diff"] + 1 / 3) < 1e-12
    assert m["p_mcnemar"] == 1.0  # one discordant query of two possible outcomes
    assert abs(out["A>rescore:B"]["metrics"]["exec@1"]["diff"] - 2 / 3) < 1e-12  # against A alone
    assert "best_probe" not in out["A>medoid"]  # a probe is not read against itself


def test_first_stages_match_under_any_spelling_and_each_method_meets_its_own_probe():
    from execir.evaluation.rerank_delta import rerank_deltas

    tiny = make_benchmark()
    runs = {"minilm": RUNS["A"], "all-MiniLM-L6-v2>rescore:bm25": RUNS["A>rescore:B"],
            "all-MiniLM-L6-v2>medoid": RUNS["A"],  # the weak probe is on the method's retriever
            "bm25>medoid": RUNS["A>medoid"]}       # the strong one on another first stage
    ev = score_runs(tiny, runs, labels=oracle_labels(tiny), oracle=Oracle())
    row = rerank_deltas(ev, replicates=50)["systems"]["all-MiniLM-L6-v2>rescore:bm25"]
    assert row["retriever"] == "minilm"  # found although spelled otherwise
    assert row["best_probe"]["probe"] == "all-MiniLM-L6-v2>medoid"  # not bm25's, though higher
    board, _ = compute_tables(ev, replicates=50)
    notes = _probe_notes(board, "exec@1")
    assert "note: all-MiniLM-L6-v2>rescore:bm25: exec@1 +0.667 over minilm, +0.667 over the best " \
           "probe all-MiniLM-L6-v2>medoid" in notes
