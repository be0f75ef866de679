"""CrossEncoderReranker: scores are the model's own logits, ranked with execir's tie rule."""

from __future__ import annotations

import pytest

from execir.errors import UsageError
from execir.retrieval.protocols import Reranker
from execir.rerank.cross_encoder import CrossEncoderReranker
from execir.rerank.pairs import candidate_pairs, ranked_from_scores

from .tiny_models import make_cross_encoder

QUERIES = {"q1": "sort a list of integers", "q2": "add two numbers"}
CORPUS = {"s1": "def f(x): return sorted(x)", "s2": "def f(x): return x",
          "s3": "def add(a, b): return a + b", "s4": "def add(a, b): return a - b"}
RUN = {"q1": [("s2", 0.9), ("s1", 0.8), ("s3", 0.1)], "q2": [("s4", 0.7), ("s3", 0.6)]}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return make_cross_encoder(tmp_path_factory.mktemp("ce") / "tiny-ce")


def _logit(folder, query, code):
    """The relevance logit computed straight through transformers, without sentence-transformers."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    with torch.no_grad():
        return float(model(**tok(query, code, return_tensors="pt")).logits[0, 0])


def test_scores_are_the_models_logits_and_the_order_is_score_then_id(folder):
    rr = CrossEncoderReranker(folder, device="cpu", batch_size=2)
    assert isinstance(rr, Reranker) and rr.name == f"cross:{folder}"
    out = rr.rerank(QUERIES, CORPUS, RUN, k=2)
    assert set(out) == {"q1", "q2"}
    for qid, ids in (("q1", ("s2", "s1")), ("q2", ("s4", "s3"))):
        expected = {sid: _logit(folder, QUERIES[qid], CORPUS[sid]) for sid in ids}
        assert [sid for sid, _ in out[qid]] == sorted(ids, key=lambda s: (-expected[s], s))
        for sid, score in out[qid]:
            assert score == pytest.approx(expected[sid], abs=1e-5)
    assert "s3" not in dict(out["q1"])  # only the top k=2 of q1 were scored


def test_pairs_and_ties_follow_the_one_rank_rule():
    pairs = candidate_pairs(QUERIES, CORPUS, RUN, 3)
    assert pairs == [("q1", "s2"), ("q1", "s1"), ("q1", "s3"), ("q2", "s4"), ("q2", "s3")]
    out = ranked_from_scores(RUN, pairs, [1.0, 1.0, 2.0, -1.0, 0.5])
    assert out == {"q1": [("s3", 2.0), ("s1", 1.0), ("s2", 1.0)],
                   "q2": [("s3", 0.5), ("s4", -1.0)]}


def test_bad_inputs_fail_with_one_clear_error(tmp_path, folder):
    with pytest.raises(UsageError, match="does not exist"):
        CrossEncoderReranker(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(UsageError, match="no config.json"):
        CrossEncoderReranker(tmp_path / "empty")
    rr = CrossEncoderReranker(folder, device="cpu")
    with pytest.raises(UsageError, match="not in the corpus"):
        rr.rerank(QUERIES, CORPUS, {"q1": [("zz", 1.0)]}, 5)
    with pytest.raises(UsageError, match="at least 1"):
        rr.rerank(QUERIES, CORPUS, RUN, 0)
