import numpy as np
import pytest

from execir.ranking import rank, top_k_matrix


def test_rank_orders_by_score_then_id():
    scores = {"b": 0.5, "a": 0.5, "c": 0.9, "d": 0.1}
    assert rank(scores) == [("c", 0.9), ("a", 0.5), ("b", 0.5), ("d", 0.1)]
    assert rank(scores, k=2) == [("c", 0.9), ("a", 0.5)]


def test_rank_is_independent_of_input_order():
    pairs = [("x", 1.0), ("y", 1.0), ("z", 2.0)]
    assert rank(pairs) == rank(list(reversed(pairs))) == [("z", 2.0), ("x", 1.0), ("y", 1.0)]


def test_rank_rejects_nan():
    with pytest.raises(ValueError, match="NaN"):
        rank({"a": float("nan")})


def test_top_k_matrix_matches_rank_with_ties_at_cutoff():
    ids = ["d4", "d1", "d3", "d2", "d0"]
    scores = np.array([[0.2, 0.7, 0.7, 0.7, 0.1],
                       [1.0, 1.0, 1.0, 1.0, 1.0]])
    got = top_k_matrix(scores, ids, 2)
    # Row 0: three-way tie at 0.7 among d1, d3, d2 -> ids ascending d1, d2.
    assert got[0] == [("d1", 0.7), ("d2", 0.7)]
    # Row 1: all tied -> the two smallest ids.
    assert got[1] == [("d0", 1.0), ("d1", 1.0)]
    for row, out in zip(scores, got):
        assert out == rank(dict(zip(ids, row)), k=2)


def test_top_k_matrix_shape_error():
    with pytest.raises(ValueError, match="does not match"):
        top_k_matrix(np.zeros((2, 3)), ["a", "b"], 1)
