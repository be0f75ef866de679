"""search_all: which corpus view each query ranks, and k + 1 for code-to-code."""

from __future__ import annotations

from dataclasses import replace

from execir.retrieval.runs import query_view, search_all


class Recorder:
    name = "rec"

    def __init__(self):
        self.calls = []

    def search(self, queries, corpus, k):
        self.calls.append((sorted(queries), dict(corpus), k))
        return {q: [(d, 1.0) for d in sorted(corpus)][:k] for q in queries}


def test_views_and_depths(tiny):
    q = tiny.queries["q_c2t_full_retro_any_0001"]
    canon = replace(q, query_id="q_c2t_canonical_retro_any_0009", subtask="c2t_canonical_retro_any",
                    variant="canonical_retro")
    bench = replace(tiny, queries={**tiny.queries, canon.query_id: canon},
                    qrels={**tiny.qrels, canon.query_id: {"t2": 2}})
    assert query_view(canon) == ("text", "abbreviated") and query_view(q) == ("text", "full")
    rec = Recorder()
    run = search_all(bench, rec, depth=2)
    assert list(run) == list(bench.queries)
    by_queries = {tuple(qs): (corpus, k) for qs, corpus, k in rec.calls}
    corpus, k = by_queries[("q_c2t_canonical_retro_any_0009",)]
    assert corpus == {"t1": "Sum of integers.", "t1n": "Read integers and print their product.", "t2": "Maximum."}
    assert k == 2
    corpus, k = by_queries[("q_c2c_cross_lang_0001",)]
    assert k == 3 and set(corpus) == {"c1py", "c1java", "c1bad", "c2py", "c2go"}
    assert len(run["q_c2c_cross_lang_0001"]) == 3 and len(run["q_t2c_full_retro_any_0001"]) == 2
    full = by_queries[("q_c2t_full_retro_any_0001", "q_c2t_match_0001", "q_c2t_match_0002")][0]
    assert full["t1"] == "Read integers and print their sum."
