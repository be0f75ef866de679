"""Execution-consensus reranking: hand-computed agreement rankings, the sandboxed run on a tiny
corpus, and the no-oracle-leak check (altering a release's tests changes nothing)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from execir.errors import UsageError
from execir.execution import Oracle
from execir.rerank.consensus import (Behaviour, ConsensusReranker, ConsensusSettings,
                                     consensus_order, normalised, probe_test, read_outputs)
from execir.rerank.stage import RerankedRetriever
from execir.retrieval.runs import retrieve
from execir.execution.outcomes import SuiteResult
from execir.records import Benchmark, Query, Snippet, Task

G = "python:f/1"
CANDIDATES = [("e", 0.95), ("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6)]
BEHAVIOURS = {
    "a": Behaviour(G, ("=1", "=2", "=3", "=4")),
    "b": Behaviour(G, ("=1", "=2", "=3", "=5")),            # differs from a on input 3
    "c": Behaviour(G, ("=1", "=9", "=3", "=4")),            # differs from a on input 1
    "d": Behaviour(G, ("!FAIL:ValueError",) * 4),           # crashes where the others answer
    # e: no behaviour (could not be run): sinks although it was retrieved first
}


def test_equal_weights_hand_computed():
    # a(a,b) = a(a,c) = 3/4, a(b,c) = 2/4, d agrees with nobody on the 4 informative inputs.
    # a: 1 + .75 + .75 = 2.5; b: .75 + 1 + .5 = 2.25; c: .75 + .5 + 1 = 2.25 (b's retrieval
    # score breaks the tie); d: 1; e: 0.
    order = consensus_order(CANDIDATES, BEHAVIOURS, temperature=math.inf)
    assert order == [("a", 5.0), ("b", 4.0), ("c", 3.0), ("d", 2.0), ("e", 1.0)]


def test_documented_examples_vote():
    # input 3 documented as 5 (b's value): b gains 2.0 -> 4.25 > a's 2.5 > c's 2.25
    expected = ("", "", "", "=5")
    beh = {k: dataclasses.replace(v, expected=expected) for k, v in BEHAVIOURS.items()}
    order = consensus_order(CANDIDATES, beh, temperature=math.inf, documented=2.0)
    assert [sid for sid, _ in order] == ["b", "a", "c", "d", "e"]


def test_a_candidate_contradicting_a_stated_example_sinks_within_its_group():
    # input 3 is stated as 5: a and c return 4 (they contradict it), b returns 5.  x is another
    # task's function (its own group, contradicting its own stated example).  T = 0.05:
    # w(a) = e^-2, w(b) = e^-4, w(c) = e^-6; a = w_a + .75 w_b + .75 w_c = 0.1509,
    # b = .75 w_a + w_b + .5 w_c = 0.1210, c = .75 w_a + .5 w_b + w_c = 0.1132; x = 1.
    # Agreement alone: x, a, b, c.  The sink re-seats G's members on G's seats 2-4 with b first
    # and keeps x on top (no example of G applies to it).
    cands = [("x", 1.0), ("a", 0.9), ("b", 0.8), ("c", 0.7)]
    stated = ("", "", "", "=5")
    beh = {k: dataclasses.replace(BEHAVIOURS[k], expected=stated) for k in "abc"}
    beh["x"] = Behaviour("python:g/1", ("=0",), ("=7",))
    assert [s for s, _ in consensus_order(cands, beh, temperature=0.05)] == ["x", "b", "a", "c"]
    # with no stated example the agreement order stands
    plain = {k: dataclasses.replace(v, expected=()) for k, v in beh.items()}
    assert [s for s, _ in consensus_order(cands, plain, temperature=0.05)] == ["x", "a", "b", "c"]


def test_temperature_weights_by_retrieval_score():
    # two groups: x (retrieved first) alone in its group, y1/y2 agreeing in theirs.
    # T = inf: y1 = y2 = 2 > x = 1.  T = 0.05: w(x) = 1, w(y1) = e^-2, w(y2) = e^-4,
    # y1 = y2 = e^-2 + e^-4 ~ 0.154 < 1: x first; y1 before y2 by retrieval score.
    cands = [("x", 1.0), ("y1", 0.9), ("y2", 0.8)]
    beh = {"x": Behaviour("python:g/1", ("=0",)), "y1": Behaviour(G, ("=1",)),
           "y2": Behaviour(G, ("=1",))}
    assert [s for s, _ in consensus_order(cands, beh, temperature=math.inf)] == ["y1", "y2", "x"]
    assert [s for s, _ in consensus_order(cands, beh, temperature=0.05)] == ["x", "y1", "y2"]


def test_read_outputs_and_normalised_values():
    result = SuiteResult(("pass", "FAIL:ValueError", "pass"), (0.0,) * 3,
                         output="noise\n@@execir-consensus:0:[1, 2]\n")
    assert read_outputs(result, 3) == ("=[1, 2]", "!FAIL:ValueError", "?")
    assert normalised(2.0) == "2" and normalised({"b": 1, "a": 0.1 + 0.2}) == "{'a': 0.3, 'b': 1}"
    assert "f(1, 2)" in probe_test("f", 0, "1, 2")


def test_settings_parse():
    s = ConsensusSettings.parse("inputs=8,temperature=0.1")
    assert (s.inputs, s.temperature, s.seed) == (8, 0.1, 0)
    with pytest.raises(UsageError, match="unknown setting"):
        ConsensusSettings.parse("depth=3")
    assert ConsensusSettings.parse("temperature=inf").temperature == math.inf  # equal weights
    for bad, says in [("inputs=0", "inputs must be from 1 to 1000, got 0"),
                      ("inputs=1001", "inputs must be from 1 to 1000, got 1001"),
                      ("inputs=1.5", "inputs must be an integer, got '1.5'"),
                      ("seed=-1", "seed must be >= 0, got -1"),
                      ("temperature=nan", "temperature must be > 0 (inf: equal weights), got nan"),
                      ("temperature=0", "temperature must be > 0"),
                      ("timeout=nan", "timeout must be from 0.001 to 86400 seconds, got nan"),
                      ("timeout=inf", "timeout must be from 0.001"), ("test_timeout=0", "test_timeout must be from"),
                      ("test_timeout=1e6", "test_timeout must be from"),
                      ("test_timeout=x", "test_timeout must be a number, got 'x'"),
                      ("documented=nan", "documented must be a number >= 0, got nan"),
                      ("documented=inf", "documented must be"), ("documented=-1", "documented must be"),
                      ("inputs=16,inputs=8", "inputs is given twice in 'inputs=16,inputs=8'")]:
        with pytest.raises(UsageError) as err:
            ConsensusSettings.parse(bad)
        assert str(err.value).startswith("consensus: " + says), (bad, str(err.value))


CLAMP = "def clamp(v, lo, hi):\n    if v < lo:\n        return lo\n    if v > hi:\n        return hi\n    return v\n"
LOW_WRONG = CLAMP.replace("return lo", "return hi")    # wrong below the range
HIGH_WRONG = CLAMP.replace("return hi\n    return v", "return lo\n    return v")  # wrong above
CORPUS = {"s-canon": CLAMP, "s-low": LOW_WRONG, "s-high": HIGH_WRONG, "s-text": "not python ("}
QUERY = "Clamp v into [lo, hi]: clamp(-3, 0, 4) == 0 and clamp(9, 0, 4) == 4."


class FixedRetriever:
    """A first stage with fixed scores (the mutants ranked above the canonical)."""

    name = "fixed"

    def search(self, queries, corpus, k):
        scores = [("s-text", 0.99), ("s-low", 0.9), ("s-high", 0.85), ("s-canon", 0.8)]
        return {qid: scores[:k] for qid in queries}


def _bench(tests):
    task = Task(task_id="t/clamp", query=QUERY, entry_point="clamp", canonical=CLAMP,
                tests=tuple(tests))
    corpus = {sid: Snippet(snippet_id=sid, code=code, task_id="t/clamp",
                           kind="canonical" if sid == "s-canon" else "distractor")
              for sid, code in CORPUS.items()}
    return Benchmark(name="tiny", queries={"q1": Query("q1", QUERY, "t/clamp")}, corpus=corpus,
                     qrels={"q1": {"s-canon": 2}}, tasks={"t/clamp": task})


def test_sandboxed_consensus_puts_the_medoid_first_and_ignores_the_tests():
    oracle = Oracle(workers=1, quiet=True)
    system = RerankedRetriever("fixed>consensus", FixedRetriever(),
                               ConsensusReranker(oracle, ConsensusSettings(inputs=12)), depth=4)
    runs, usage = retrieve(_bench(["assert clamp(5, 1, 10) == 5"]), {"s": system})
    order = [sid for sid, _ in runs["s"]["q1"]]
    # the canonical agrees with each one-sided mutant; the mutants disagree with each other
    # on both sides; the snippet that does not parse sinks
    assert order[0] == "s-canon" and order[-1] == "s-text"
    assert usage["s"]["rerank"]["depth"] == 4 and usage["s"]["rerank"]["queries"] == 1
    recorded = usage["s"]["rerank"]["settings"]  # config.json says which limits the run had
    assert (recorded["inputs"], recorded["temperature"], recorded["test_timeout"]) == (12, 0.05, 0.1)
    assert recorded["limits_s"] == {"python": {"call": 0.1, "candidate": 2.0},
                                    "other languages": {"call": 0.5, "candidate": 4.0}}
    # the no-oracle-leak check: other tests (or none that pass) give the same ranking
    for tests in (["assert clamp(1, 2, 3) == 99"], ["assert False"] * 5):
        again, _ = retrieve(_bench(tests), {"s": system})
        assert again == runs


def test_reranker_takes_texts_only():
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True))
    task = _bench(["assert True"]).tasks["t/clamp"]
    with pytest.raises(TypeError, match="query texts only"):
        reranker.rerank({"q1": task}, CORPUS, {"q1": [("s-canon", 1.0)]}, 1)
    with pytest.raises(TypeError, match="candidate texts only"):
        reranker.rerank({"q1": QUERY}, {"s-canon": task}, {"q1": [("s-canon", 1.0)]}, 1)


def test_each_candidate_answers_to_its_query_and_its_own_docstring():
    """Two tasks with one signature share a group and its inputs, but not their stated results:
    each candidate is held to the results its own docstring states, and the query's win."""
    inc = 'def f(n):\n    """f(1) == 2"""\n    return n + 1\n'
    tri = 'def f(n):\n    """f(1) == 3"""\n    return n * 3\n'  # another task, same signature
    corpus, run = {"inc": inc, "tri": tri}, {"q": [("inc", 1.0), ("tri", 0.9)]}
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True), ConsensusSettings(inputs=4))
    found = reranker.behaviours({"q": "add one"}, corpus, run, 2)["q"]
    # input 0 is the stated call f(1): each returns what its own docstring says
    assert [(found[s].outputs[0], found[s].expected[0]) for s in ("inc", "tri")] \
        == [("=2", "=2"), ("=3", "=3")]
    stated = reranker.behaviours({"q": "add one: f(1) == 2"}, corpus, run, 2)["q"]
    assert stated["tri"].expected[0] == "=2"


def test_malformed_behaviours_and_temperatures_are_refused():
    cands = [("a", 1.0), ("b", 0.9)]
    with pytest.raises(ValueError, match="b: 1 outputs and 0 expected values, where group python:f/1 has 2"):
        consensus_order(cands, {"a": Behaviour(G, ("=1", "=2")), "b": Behaviour(G, ("=1",))},
                        temperature=0.05)
    with pytest.raises(ValueError, match="a: 2 outputs and 3 expected"):
        consensus_order(cands, {"a": Behaviour(G, ("=1", "=2"), ("", "", "=3"))}, temperature=0.05)
    with pytest.raises(ValueError, match="temperature must be above 0"):
        consensus_order(cands, {}, temperature=0)
    with pytest.raises(ValueError, match="retrieval score of 'b' is NaN"):
        consensus_order([("a", 1.0), ("b", math.nan)], {}, temperature=0.05)


def test_a_call_that_never_returns_costs_its_own_limit_and_the_others_still_answer():
    """Python calls share one child per candidate: a call that loops forever is ``!TIMEOUT``
    after the per-call limit (0.1 s charged by default) and the calls after it still return.
    JavaScript starts one node per call (~0.03 s charged), so its limits keep the start allowance
    (0.5 s per call, 4 s per suite, as before the Python limits were tightened)."""
    code = "def f(n):\n    while n == 3:\n        pass\n    return n * 2\n"
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True), ConsensusSettings(inputs=2))
    found = reranker.behaviours({"q": "f(3) == 6 and f(1) == 2, f(5) == 10"}, {"a": code},
                                {"q": [("a", 1.0)]}, 1)["q"]["a"]
    by_expected = dict(zip(found.expected, found.outputs))
    assert by_expected["=6"] == "!TIMEOUT"
    assert by_expected["=2"] == "=2" and by_expected["=10"] == "=10"
    assert reranker.oracle.limits.per_test == 0.1 and reranker.oracle.limits.timeout == 2.0
    assert reranker._per_process.limits.per_test == pytest.approx(0.5)
    assert reranker._per_process.limits.timeout == pytest.approx(4.0)
