"""The textual-medoid probe: hand-computed similarities, the family threshold, and that it reads
neither the query nor anything but the candidates' code."""

from __future__ import annotations

import difflib

import pytest

from execir.errors import UsageError
from execir.probes.tokens import code_tokens
from execir.rerank.medoid_reranker import MedoidReranker, medoid_order
from execir.rerank.reranker_registry import make_reranker

CANON = "def f(n):\n    return n * (2 * n - 1)\n"
M1 = "def f(n):\n    return n + (2 * n - 1)\n"   # one edit each
M2 = "def f(n):\n    return n * (2 * n + 1)\n"
M3 = "def f(n):\n    return n * (3 * n - 1)\n"
OTHER = "def g(xs):\n    out = []\n    for x in sorted(xs):\n        out.append(x * x)\n    return out\n"
CORPUS = {"c": CANON, "m1": M1, "m2": M2, "m3": M3, "o": OTHER}


def test_tokens_and_the_medoid_is_the_canonical():
    assert code_tokens(CANON) == ["def", "f", "(", "n", ")", ":", "return", "n", "*", "(", "2", "*", "n",
                                  "-", "1", ")"]
    # 16 tokens each; the canonical differs from each mutant in 1 token (ratio 2*15/32), the
    # mutants from one another in 2 (ratio 2*14/32): mean 0.9375 against 0.9167
    assert difflib.SequenceMatcher(None, code_tokens(CANON), code_tokens(M1)).ratio() == 30 / 32
    assert difflib.SequenceMatcher(None, code_tokens(M1), code_tokens(M2)).ratio() == 28 / 32
    run = [("m1", 0.9), ("o", 0.85), ("m2", 0.8), ("c", 0.7), ("m3", 0.6)]
    order = [sid for sid, _ in medoid_order(run, CORPUS)]
    assert order == ["c", "m1", "m2", "m3", "o"]  # the family first (medoid, then retrieval order)
    assert medoid_order(run, CORPUS)[0] == ("c", 5.0)


def test_a_top_hit_without_near_duplicates_keeps_the_order():
    run = [("o", 0.9), ("m1", 0.8), ("c", 0.7)]
    assert [sid for sid, _ in medoid_order(run, CORPUS)] == ["o", "m1", "c"]
    assert medoid_order([], CORPUS) == []


def test_the_query_is_never_read_and_names_parse():
    reranker = make_reranker("medoid")
    run = {"q": [("m1", 0.9), ("c", 0.8), ("m2", 0.7)]}
    a = reranker.rerank({"q": "nth hexagonal number"}, CORPUS, run, 3)
    b = reranker.rerank({"q": "anything at all"}, CORPUS, run, 3)
    assert a == b and a["q"][0][0] == "c"
    assert make_reranker("medoid:0.95").family_ratio == 0.95
    with pytest.raises(UsageError, match="in \\(0, 1\\]"):
        MedoidReranker(1.5)
    with pytest.raises(UsageError, match="expected a similarity ratio"):
        make_reranker("medoid:close")
