"""Multitask scores on the hand-sized benchmark of conftest.py, computed here by hand."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from execir.errors import UsageError
from execir.evaluation.evaluate import exclude_anchors, score_runs
from execir.evaluation.multitask import KEYS, group_tables, query_groups
from tests.coreb.conftest import tiny_run

L3, L5 = math.log2(3), math.log2(5)
# t2c any: ranks hold levels [1, 2, 0, 2]; gains of hard negatives are 0
NDCG_T2C_ANY = (2 / L3 + 2 / L5) / (2 + 2 / L3)
# t2c python, c2c (after the anchor is dropped) and c2t match positive: levels [1, 2]
NDCG_12 = (2 / L3) / 2


def _row(ev, system, qid):
    i = ev.query_ids.index(qid)
    return {k: ev.per_query[system][k][i] for k in KEYS}


def test_per_query_values_by_hand(tiny):
    ev = score_runs(tiny, {"s": tiny_run()}, match_negatives="keep")
    a = _row(ev, "s", "q_t2c_full_retro_any_0001")
    assert a["ndcg@10"] == pytest.approx(NDCG_T2C_ANY)
    assert (a["recall@1"], a["recall@3"], a["recall@10"]) == (0.0, 0.5, 1.0)
    assert a["mrr@10"] == 0.5 and a["precision@1"] == 0.0
    assert a["precision@3"] == pytest.approx(1 / 3)
    assert a["map@10"] == pytest.approx((1 / 2 + 2 / 4) / 2)
    assert (a["exec@1"], a["exec@3"]) == (0.0, 1.0)  # rank 1 is the failing mutant
    assert a["hn_share@10"] == pytest.approx(0.1)
    assert a["hn_intrusion@10"] == 1.0
    p = _row(ev, "s", "q_t2c_full_retro_python_0002")
    assert p["ndcg@10"] == pytest.approx(NDCG_12) and p["recall@1"] == 0.0 and p["recall@10"] == 1.0
    assert p["exec@1"] == 1.0  # the Java solution passes the problem, though it is a level-1 item here
    c = _row(ev, "s", "q_c2c_cross_lang_0001")
    assert c["ndcg@10"] == pytest.approx(NDCG_12) and c["mrr@10"] == 0.5 and c["recall@1"] == 0.0
    assert c["exec@1"] == 0.0  # rank 1 after the anchor is the mutant
    t = _row(ev, "s", "q_c2t_full_retro_any_0001")
    assert t["ndcg@10"] == 1.0 and t["recall@1"] == 1.0 and np.isnan(t["exec@1"])
    neg = _row(ev, "s", "q_c2t_match_0002")
    assert all(neg[k] == 0.0 for k in ("ndcg@10", "recall@10", "mrr@10", "map@10", "precision@1"))
    assert ev.no_positive == ("q_c2t_match_0002",) and ev.anchors_removed == {"s": 1}


def test_anchor_left_in_would_cost_rank_one(tiny):
    run = tiny_run()
    kept = {"q_c2c_cross_lang_0001": run["q_c2c_cross_lang_0001"]}
    cleaned, removed = exclude_anchors(tiny, kept)
    assert removed == 1 and [d for d, _ in cleaned["q_c2c_cross_lang_0001"]] == ["c1bad", "c1java"]
    # without the anchor map the anchor stays at rank 1: levels [0, 1, 2]
    qid = "q_c2c_cross_lang_0001"
    no_map = replace(tiny, queries={**tiny.queries, qid: replace(tiny.queries[qid], anchor_id=None)})
    ev = score_runs(no_map, {"s": kept}, match_negatives="keep")
    assert _row(ev, "s", qid)["ndcg@10"] == pytest.approx((2 / math.log2(4)) / 2)
    assert _row(ev, "s", qid)["mrr@10"] == pytest.approx(1 / 3)


def test_group_means_keep_and_exclude(tiny):
    keep = score_runs(tiny, {"s": tiny_run()}, match_negatives="keep")
    board, _ = group_tables(keep, replicates=200)
    g = board["groups"]
    assert board["match_negatives"] == "keep"
    assert g["task"]["t2c"]["systems"]["s"]["ndcg@10"]["value"] == pytest.approx((NDCG_T2C_ANY + NDCG_12) / 2)
    assert g["task"]["c2c"]["systems"]["s"]["ndcg@10"]["value"] == pytest.approx(NDCG_12)
    assert g["task"]["c2t"]["systems"]["s"]["ndcg@10"]["value"] == pytest.approx((1 + NDCG_12 + 0) / 3)
    overall = (NDCG_T2C_ANY + 3 * NDCG_12 + 1) / 6  # weighted by query count
    assert g["overall"]["all"]["systems"]["s"]["ndcg@10"]["value"] == pytest.approx(overall)
    assert g["overall"]["all"]["systems"]["s"]["ndcg@10"]["n"] == 6
    assert g["variant"]["c2t_match"]["systems"]["s"]["recall@10"]["value"] == pytest.approx(0.5)
    excl = score_runs(tiny, {"s": tiny_run()}, match_negatives="exclude")
    board_x, _ = group_tables(excl, replicates=200)
    gx = board_x["groups"]
    assert board_x["match_negatives"] == "exclude"
    assert gx["task"]["c2t"]["systems"]["s"]["ndcg@10"]["value"] == pytest.approx((1 + NDCG_12) / 2)
    assert gx["overall"]["all"]["systems"]["s"]["ndcg@10"]["n"] == 5
    assert gx["variant"]["c2t_match"]["systems"]["s"]["recall@10"]["value"] == 1.0


def test_groups_and_pairwise(tiny):
    groups = query_groups(tiny, tuple(tiny.queries))
    assert sorted(groups["task_language"]) == ["c2c/python", "c2t/any", "t2c/any", "t2c/python"]
    assert int(groups["variant"]["c2t_match"].sum()) == 2
    worse = {q: list(reversed(items)) for q, items in tiny_run().items()}
    ev = score_runs(tiny, {"s": tiny_run(), "r": worse}, match_negatives="keep")
    board, pairs = group_tables(ev, replicates=300, seed=3)
    assert board["systems"][0] in ("r", "s") and len(board["systems"]) == 2
    rows = [t for t in pairs["comparisons"] if t["group"] == "all" and t["key"] == "exec@1"]
    assert len(rows) == 1 and "p_mcnemar" in rows[0]
    again, _ = group_tables(ev, replicates=300, seed=3)
    assert again == board


def test_bad_runs_are_refused(tiny):
    with pytest.raises(UsageError, match="text corpus"):
        score_runs(tiny, {"s": {"q_t2c_full_retro_any_0001": [("t1", 1.0)]}}, match_negatives="keep")
    with pytest.raises(UsageError, match="not in the benchmark"):
        score_runs(tiny, {"s": {"q_nope": []}}, match_negatives="keep")
    with pytest.raises(UsageError, match="match-negatives"):
        score_runs(tiny, {"s": tiny_run()}, match_negatives="drop")


def test_runs_with_a_duplicate_or_a_nan_score_are_refused(tiny):
    import pytest

    from execir.errors import UsageError
    from execir.evaluation.evaluate import score_runs

    with pytest.raises(UsageError, match="q_t2c_full_retro_any_0001': a snippet is listed twice"):
        score_runs(tiny, {"s": {"q_t2c_full_retro_any_0001": [("c1py", 2.0), ("c1py", 1.0)]}}, match_negatives="keep")
    with pytest.raises(UsageError, match="q_t2c_full_retro_any_0001': a score is NaN"):
        score_runs(tiny, {"s": {"q_t2c_full_retro_any_0001": [("c1py", float("nan"))]}}, match_negatives="keep")
