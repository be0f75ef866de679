import math

from execir.retrieval.bm25 import BM25Retriever, code_tokenize, default_tokenize


def _lucene_term(tf, df, dl, n_docs, avgdl, k1=1.5, b=0.75):
    idf = math.log(1 + (n_docs - df + 0.5) / (df + 0.5))
    return idf * tf / (tf + k1 * (1 - b + b * dl / avgdl))


def test_code_tokenizer_splits_identifiers_and_keeps_operators():
    assert code_tokenize("def getMaxValue(a_list): return n <= 0 ** 2") == [
        "def", "getmaxvalue", "get", "max", "value", "a_list", "a", "list", "return", "n", "<=", "0", "**", "2"]
    assert code_tokenize("HTTPServer x//=2 a->b") == ["httpserver", "http", "server", "x", "//=", "2", "a", "->", "b"]


def test_default_tokenizer_drops_operators_and_stopwords():
    assert default_tokenize(["if n <= 0: return the value"]) == [["return", "value"]]


def test_bm25_scores_match_hand_computation():
    docs = {"d1": "x <= y", "d2": "x < y y", "d3": "z"}
    r = BM25Retriever("bm25-code", tokenizer="code")
    run = r.search({"q": "<= y"}, docs, 3)
    avgdl = (3 + 4 + 1) / 3
    d1 = _lucene_term(1, 1, 3, 3, avgdl) + _lucene_term(1, 2, 3, 3, avgdl)
    d2 = _lucene_term(2, 2, 4, 3, avgdl)
    assert [sid for sid, _ in run["q"]] == ["d1", "d2", "d3"]
    assert math.isclose(run["q"][0][1], d1, rel_tol=1e-6)
    assert math.isclose(run["q"][1][1], d2, rel_tol=1e-6)
    assert run["q"][2][1] == 0.0


def test_default_tokenizer_ties_operator_mutant_broken_by_id_code_tokenizer_separates():
    corpus = {"s2_canonical": "def f(n): return n <= 1", "s1_mutant": "def f(n): return n < 1"}
    query = {"q": "return n <= 1"}
    default = BM25Retriever("bm25").search(query, corpus, 2)["q"]
    assert default[0][1] == default[1][1]
    assert [sid for sid, _ in default] == ["s1_mutant", "s2_canonical"]   # tie -> id ascending
    code = BM25Retriever("bm25-code", tokenizer="code").search(query, corpus, 2)["q"]
    assert code[0][0] == "s2_canonical" and code[0][1] > code[1][1]


def test_query_without_known_terms_scores_zero_and_k_is_capped():
    run = BM25Retriever().search({"q": "zzzz"}, {"a": "alpha beta", "b": "gamma"}, 5)
    assert run == {"q": [("a", 0.0), ("b", 0.0)]}
