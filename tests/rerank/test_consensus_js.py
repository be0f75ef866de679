"""Consensus reranking of JavaScript candidates (function-level, run by node in the sandbox)."""

from __future__ import annotations

import shutil

import pytest

from execir.execution import Oracle
from execir.rerank.consensus import ConsensusReranker, ConsensusSettings
from execir.rerank.js_behaviour import js_arguments, js_function, js_normalised

CLAMP = ("function clamp(v, lo, hi) {\n  if (v < lo) return lo;\n  if (v > hi) return hi;\n"
         "  return v;\n}\n")
CORPUS = {"j-canon": CLAMP, "j-low": CLAMP.replace("return lo;", "return hi;"),
          "j-high": CLAMP.replace("return hi;", "return lo;"),
          "j-py": "def clamp(v, lo, hi):\n    return v\n"}


def test_js_function_and_arguments():
    fn = js_function("const helper = (x) => x;\nfunction total(xs, k) {\n  return xs.map(x => x * k);\n}\n")
    assert (fn.name, fn.params, fn.annotations) == ("total", ("xs", "k"), ("list[int]", "int"))
    assert js_function(CORPUS["j-py"]) is None
    assert js_arguments("[1, 2], 'a', True, None") == '[1, 2],"a",true,null'
    assert js_normalised([1.0, {"a": 0.5}]) == '[1,{"a":0.5}]'


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_js_candidates_ranked_by_consensus():
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True, build_cache=None),
                                 ConsensusSettings(inputs=24))
    run = {"q": [("j-low", 0.9), ("j-high", 0.85), ("j-py", 0.82), ("j-canon", 0.8)]}
    query = {"q": "Clamp v into [lo, hi], e.g. clamp(-3, 0, 4) == 0."}
    beh = reranker.behaviours(query, CORPUS, run, 4)
    assert beh["q"]["j-canon"].group == "javascript:clamp/3"
    assert beh["q"]["j-py"].group == "python:clamp/3"  # a Python snippet is its own group
    # the query's example clamp(-3, 0, 4), documented as 0, is the last input
    assert beh["q"]["j-canon"].outputs[-1] == "=0" == beh["q"]["j-canon"].expected[-1]
    order = [sid for sid, _ in reranker.rerank(query, CORPUS, run, 4)["q"]]
    assert order[0] == "j-canon"
