import pytest

from execir.retrieval.fusion import FusionRetriever, rrf


def test_rrf_matches_hand_computation():
    run_a = {"q": [("x", 9.0), ("y", 5.0), ("z", 1.0)]}
    run_b = {"q": [("z", 0.9), ("x", 0.8)]}
    fused = rrf([run_a, run_b], 3)["q"]
    x = 1 / 61 + 1 / 62
    z = 1 / 63 + 1 / 61
    y = 1 / 62
    assert [sid for sid, _ in fused] == ["x", "z", "y"]
    assert fused[0][1] == pytest.approx(x) and fused[1][1] == pytest.approx(z) and fused[2][1] == pytest.approx(y)


def test_rrf_ties_break_by_id_and_missing_queries_are_fused_from_present_runs():
    fused = rrf([{"q": [("b", 1.0)], "only_a": [("c", 1.0)]}, {"q": [("a", 1.0)]}], 2, rrf_k=10)
    assert fused["q"] == [("a", pytest.approx(1 / 11)), ("b", pytest.approx(1 / 11))]
    assert fused["only_a"] == [("c", pytest.approx(1 / 11))]


def test_fusion_retriever_names_and_fuses_members():
    from execir.retrieval.bm25 import BM25Retriever

    corpus = {"a": "def add(a, b): return a + b", "b": "def sub(a, b): return a - b"}
    fusion = FusionRetriever([BM25Retriever("bm25"), BM25Retriever("bm25-code", tokenizer="code")])
    assert fusion.name == "bm25+bm25-code"
    run = fusion.search({"q": "add"}, corpus, 1)
    assert run["q"][0][0] == "a" and run["q"][0][1] == pytest.approx(2 / 61)
    with pytest.raises(ValueError):
        FusionRetriever([BM25Retriever()])
