"""A six-query CoREB benchmark small enough to score by hand (two problems, five programs, three
descriptions), shared by the multitask tests."""

from __future__ import annotations

import pytest

from execir.records import CODE, TEXT, Benchmark, Query, Snippet


def _q(qid, text, task, subtask, variant, language, problem, **kw):
    return Query(query_id=qid, text=text, direction=task, subtask=subtask, variant=variant, language=language,
                 task_id=problem, **kw)


def code_doc(doc_id, text, problem, language, passed, *, kind=""):
    """A program of a CoREB code corpus."""
    return Snippet(doc_id, text, problem, kind, language, modality=CODE, passed=passed)


def text_doc(doc_id, text, problem, *, abbreviated=None, kind=""):
    """A description of a CoREB text corpus."""
    return Snippet(doc_id, text, problem, kind, None, modality=TEXT, abbreviated=abbreviated)


def tiny_benchmark() -> Benchmark:
    docs = [
        code_doc("c1py", "print(sum(map(int, input().split())))", "P1", "python", True, kind="solution"),
        code_doc("c1java", "class Main { /* sum */ }", "P1", "java", True, kind="solution"),
        code_doc("c1bad", "print(sum(map(int, input().split())) + 1)", "P1", "python", False, kind="mutant"),
        code_doc("c2py", "print(max(map(int, input().split())))", "P2", "python", True, kind="solution"),
        code_doc("c2go", "package main // max", "P2", "go", True, kind="solution"),
        text_doc("t1", "Read integers and print their sum.", "P1", abbreviated="Sum of integers.",
            kind="description"),
        text_doc("t1n", "Read integers and print their product.", "P1", kind="hard_negative"),
        text_doc("t2", "Read integers and print the largest.", "P2", abbreviated="Maximum.", kind="description"),
    ]
    queries = [
        _q("q_t2c_full_retro_any_0001", "sum the integers", "t2c", "t2c_full_retro_any", "full_retro", None, "P1"),
        _q("q_t2c_full_retro_python_0002", "sum the integers", "t2c", "t2c_full_retro_python", "full_retro",
           "python", "P1"),
        _q("q_c2c_cross_lang_0001", docs[0].code, "c2c", "c2c_cross_lang", "cross_lang", None, "P1",
           anchor_language="python", anchor_id="c1py"),
        _q("q_c2t_full_retro_any_0001", docs[3].code, "c2t", "c2t_full_retro_any", "full_retro", None, "P2",
           anchor_language="python", anchor_id="c2py"),
        _q("q_c2t_match_0001", docs[1].code, "c2t", "c2t_match", "match", None, "P1", anchor_language="java",
           anchor_id="c1java", label=1),
        _q("q_c2t_match_0002", docs[4].code, "c2t", "c2t_match", "match", None, "P1", anchor_language="go",
           anchor_id="c2go", label=0),
    ]
    qrels = {
        "q_t2c_full_retro_any_0001": {"c1py": 2, "c1java": 2, "c1bad": 1},
        "q_t2c_full_retro_python_0002": {"c1py": 2, "c1java": 1, "c1bad": 1},
        "q_c2c_cross_lang_0001": {"c1java": 2, "c1bad": 1},
        "q_c2t_full_retro_any_0001": {"t2": 2},
        "q_c2t_match_0001": {"t1": 2, "t1n": 1},
        "q_c2t_match_0002": {"t1n": 1},
    }
    return Benchmark("tiny", {q.query_id: q for q in queries}, {d.snippet_id: d for d in docs}, qrels)


def tiny_run():
    return {
        "q_t2c_full_retro_any_0001": [("c1bad", 0.9), ("c1py", 0.8), ("c2py", 0.7), ("c1java", 0.6)],
        "q_t2c_full_retro_python_0002": [("c1java", 0.9), ("c1py", 0.5)],
        "q_c2c_cross_lang_0001": [("c1py", 1.0), ("c1bad", 0.8), ("c1java", 0.7)],
        "q_c2t_full_retro_any_0001": [("t2", 0.9), ("t1", 0.1)],
        "q_c2t_match_0001": [("t1n", 0.9), ("t1", 0.8)],
        "q_c2t_match_0002": [("t1n", 0.9)],
    }


@pytest.fixture
def tiny():
    return tiny_benchmark()
