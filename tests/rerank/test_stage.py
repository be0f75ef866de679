"""The rerank stage: depth, remainder, tie rule, baselines, the registry, bi-encoder rescoring."""

from __future__ import annotations

import pytest

from execir.errors import UsageError
from execir.rerank.reranker_registry import RERANKERS, RerankContext, make_reranker, split_name
from execir.rerank.rescore import RescoreReranker
from execir.rerank.stage import RerankedRetriever, base_spec, make_system, with_baselines
from execir.retrieval.bm25 import BM25Retriever
from execir.retrieval.spec import parse_system, parse_systems


class Fixed:
    name = "fixed"

    def search(self, queries, corpus, k):
        ranked = [("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6)]
        return {q: ranked[:k] for q in queries}


class Reverse:
    """Scores the candidates in reverse order; ``b`` and ``c`` tie (the id rule decides)."""

    name = "reverse"

    def __init__(self, drop=False):
        self.drop = drop

    def rerank(self, queries, corpus, run, k):
        out = {}
        for q, ranked in run.items():
            ids = [s for s, _ in ranked[:k]]
            scores = {s: float(i) for i, s in enumerate(ids)}
            if len(ids) == 3:
                scores["b"] = scores["c"]
            if self.drop:
                scores.pop(ids[0])
            out[q] = sorted(scores.items(), key=lambda x: x[1])  # deliberately unsorted
        return out


def test_depth_reranks_the_top_and_keeps_the_rest():
    system = RerankedRetriever("fixed>reverse", Fixed(), Reverse(), depth=3)
    run = system.search({"q": "text"}, {}, 4)
    # a, b, c scored 0, 2, 2: b and c tie (ids ascending), then a; d (beyond the depth) after
    # them, below the lowest reranked score
    assert run["q"] == [("b", 2.0), ("c", 2.0), ("a", 0.0), ("d", -1.0)]
    assert system.usage["rerank"]["depth"] == 3 and system.usage["rerank"]["queries"] == 1
    assert RerankedRetriever("x", Fixed(), Reverse(), depth=3).search({"q": ""}, {}, 2)["q"] == \
        [("b", 2.0), ("c", 2.0)]


def test_a_reranker_that_loses_candidates_is_an_error():
    with pytest.raises(UsageError, match="re-ordering of the 3 candidates"):
        RerankedRetriever("x", Fixed(), Reverse(drop=True), depth=3).search({"q": ""}, {}, 4)
    with pytest.raises(UsageError, match="at least 1"):
        RerankedRetriever("x", Fixed(), Reverse(), depth=0)


def test_baselines_are_added_once():
    specs = with_baselines(parse_systems("bm25>consensus,minilm,minilm>rescore:bm25"))
    assert [s.name for s in specs] == ["bm25", "bm25>consensus", "minilm", "minilm>rescore:bm25",
                                       "bm25>medoid", "minilm>medoid"]  # probes of each first stage
    assert base_spec(parse_system("bm25>consensus")).name == "bm25"
    assert with_baselines(specs) == specs
    assert [s.name for s in with_baselines(parse_systems("bm25>medoid"))] == ["bm25", "bm25>medoid"]
    assert [s.name for s in with_baselines(parse_systems("bm25>consensus,bm25>medoid"), probes=False)] \
        == ["bm25", "bm25>consensus", "bm25>medoid"]
    assert [s.name for s in with_baselines(parse_systems("bm25>consensus"), probes=False)] == \
        ["bm25", "bm25>consensus"]
    assert with_baselines(parse_systems("bm25>consensus"))[-1].identity == \
        parse_system("bm25>medoid").identity


def test_registry():
    assert split_name("Rescore:bm25") == ("rescore", "bm25")
    assert split_name("consensus") == ("consensus", None)
    for empty in ("consensus:", "consensus: "):  # also what a --systems list 'consensus:,' gives
        with pytest.raises(UsageError, match="nothing after ':'; write consensus alone"):
            split_name(empty)
    assert {"consensus", "rescore", "cross", "llm"} <= set(RERANKERS)
    with pytest.raises(UsageError, match="unknown reranker 'nope'"):
        make_reranker("nope")
    with pytest.raises(UsageError, match="rescore needs a second system"):
        make_reranker("rescore", RerankContext())
    reranker = make_reranker("consensus:inputs=8")
    assert reranker.name == "consensus" and reranker.settings.inputs == 8


def test_rescore_with_bm25_orders_by_the_second_system():
    corpus = {"a": "def add(x, y): return x + y", "b": "def order(xs): return sorted(xs)  # sort",
              "c": "def order(ws): return sorted(ws)  # sort words by words"}
    reranker = make_reranker("rescore:bm25", RerankContext(quiet=True))
    assert isinstance(reranker, RescoreReranker)
    run = {"q": [("a", 3.0), ("b", 2.0), ("c", 1.0)]}
    out = reranker.rerank({"q": "sort words"}, corpus, run, 3)
    direct = BM25Retriever("bm25").search({"q": "sort words"}, corpus, 3)
    assert [s for s, _ in out["q"]] == [s for s, _ in direct["q"]]
    assert out["q"][0][0] == "c"
    system = make_system(parse_system("bm25>rescore:bm25"), quiet=True, rerank_depth=2)
    assert isinstance(system, RerankedRetriever) and system.depth == 2


def test_a_reranker_takes_several_settings_on_the_command_line():
    """``--systems`` is split at commas, but ``key=value`` pieces continue the reranker's
    settings, as README writes them (``consensus:inputs=16,temperature=0.1``)."""
    from execir.rerank.consensus import ConsensusSettings
    from execir.retrieval.spec import parse_systems, split_systems

    text = "bm25,minilm>consensus:inputs=16,temperature=0.1,test_timeout=0.2,bm25>medoid:0.9"
    assert split_systems(text) == ["bm25", "minilm>consensus:inputs=16,temperature=0.1,test_timeout=0.2",
                                   "bm25>medoid:0.9"]
    specs = parse_systems(text)
    assert [s.reranker for s in specs] == [None, "consensus:inputs=16,temperature=0.1,test_timeout=0.2",
                                           "medoid:0.9"]
    settings = ConsensusSettings.parse(specs[1].reranker.partition(":")[2])
    assert (settings.inputs, settings.temperature, settings.test_timeout) == (16, 0.1, 0.2)
    assert split_systems("a=b,minilm") == ["a=b", "minilm"]  # no reranker before it: an entry
