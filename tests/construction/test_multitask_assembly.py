"""execir-poly assembly: CoREB subtasks, ids, graded qrels, anchors, byte-identical writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from execir.construction.multitask import Program, assemble, integrity_failures, verify_programs, write_problems
from execir.datasets.poly_sources import PolyProblem
from execir.execution import Oracle
from execir.formats.files import verify_release
from execir.formats.coreb import load_coreb

LANGS = ("python", "java", "go")


def _problem(i: int) -> PolyProblem:
    return PolyProblem(
        problem_id=f"poly/p{i}", domain="d", description=f"full description {i}", abbreviated=f"abbreviated {i}",
        search=f"search {i}", hard_negatives={k: f"{k} negative {i}" for k in
                                              ("operation_type", "optimisation_objective", "algorithmic_approach",
                                               "problem_domain")},
        tests=({"input": "1\n", "output": "1\n"},), solutions={lang: f"{lang} solution {i}" for lang in LANGS})


def _programs(problems):
    out = {}
    for p in problems:
        for lang in LANGS:
            progs = [Program(p.solutions[lang], lang, True, None, ("pass",))]
            if lang == "python":
                progs.append(Program(p.solutions[lang] + " bug", lang, False, {"operator": "x"}, ("FAIL",)))
            out[(p.problem_id, lang)] = progs
    return out


def test_subtasks_qrels_and_anchors():
    problems = [_problem(0), _problem(1)]
    b = assemble(problems, _programs(problems))
    n_sub = {}
    for q in b.queries.values():
        n_sub[q.subtask] = n_sub.get(q.subtask, 0) + 1
    # t2c: 3 variants x (any + 3 languages) per problem; c2t: 2 x (any + 3) + 2 match; c2c: 3 anchors
    assert n_sub["t2c_search_go"] == 2 and n_sub["t2c_canonical_retro_any"] == 2
    assert n_sub["c2t_full_retro_java"] == 2 and n_sub["c2t_match"] == 4 and n_sub["c2c_cross_lang"] == 6
    assert len(b.queries) == 2 * (12 + 8 + 2 + 3)
    assert "q_t2c_full_retro_python_0001" in b.queries and "q_c2c_cross_lang_0006" in b.queries
    assert "q_c2t_match_0004" in b.queries
    code = {(d.task_id, d.language, d.passed): i for i, d in b.corpus.items() if d.modality == "code"}
    q = b.queries["q_t2c_full_retro_java_0001"]
    assert q.task_id == "poly/p0" and q.text == "full description 0"
    assert b.qrels[q.query_id] == {code[("poly/p0", "java", True)]: 2, code[("poly/p0", "python", True)]: 1,
                                   code[("poly/p0", "go", True)]: 1, code[("poly/p0", "python", False)]: 1}
    anyq = b.queries["q_t2c_search_any_0002"]
    assert anyq.text == "search 1" and sorted(b.qrels[anyq.query_id].values()) == [1, 2, 2, 2]
    c2c = [x for x in b.queries.values() if x.direction == "c2c" and x.task_id == "poly/p0"]
    assert [x.anchor_language for x in c2c] == list(LANGS)
    first = c2c[0]
    assert first.anchor_id == code[("poly/p0", "python", True)] and first.anchor_id not in b.qrels[first.query_id]
    assert b.qrels[first.query_id] == {code[("poly/p0", "java", True)]: 2, code[("poly/p0", "go", True)]: 2,
                                       code[("poly/p0", "python", False)]: 1}
    texts = {(d.task_id, d.kind): i for i, d in b.corpus.items() if d.modality == "text"}
    c2t = b.queries["q_c2t_canonical_retro_go_0001"]
    assert c2t.text == "go solution 0" and c2t.anchor_language == "go"
    assert sorted(b.qrels[c2t.query_id].values()) == [1, 1, 1, 1, 2]
    assert b.corpus[texts[("poly/p0", "description")]].abbreviated == "abbreviated 0"
    neg = [x for x in b.queries.values() if x.variant == "match" and x.label == 0]
    assert len(neg) == 2 and all(set(b.qrels[x.query_id].values()) == {1} for x in neg)
    assert b.qrels[neg[0].query_id] == {texts[("poly/p1", "description")]: 1}
    assert all(i.startswith(("code_", "text_")) and len(i) == 17 for i in b.corpus)
    assert integrity_failures(b) == []
    broken = dict(b.qrels)
    broken[first.query_id] = {**b.qrels[first.query_id], first.anchor_id: 2}
    from dataclasses import replace
    lines = integrity_failures(replace(b, qrels=broken))
    assert lines == [f"{first.query_id}: anchor {first.anchor_id} is judged, missing or not a passing program"]


def test_release_files_are_byte_identical(tmp_path):
    problems = [_problem(0), _problem(1), _problem(2)]
    m1 = write_problems(tmp_path / "a", assemble(problems, _programs(problems)), problems)
    m2 = write_problems(tmp_path / "b", assemble(problems, _programs(problems)), problems)
    assert m1 == m2 and m1["counts"]["queries_per_task"] == {"t2c": 36, "c2t": 30, "c2c": 9}
    for f in sorted(p.name for p in (tmp_path / "a").iterdir()):
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    verify_release(tmp_path / "a")
    back = load_coreb(tmp_path / "a")
    assert len(back.queries) == 75 and len(back.anchors()) == 9


def test_verify_programs_keeps_failing_mutants_only():
    good = "import sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    print(a + b)\n"
    p = PolyProblem("poly/add", "d", "x", "y", "z", {}, tuple({"input": f"{a} {b}\n", "output": f"{a + b}\n"}
                                                              for a, b in ((1, 2), (5, 0), (-3, 7))),
                    {"python": good, "ruby": "puts 1 +\n"})
    progs, rejections = verify_programs([p], Oracle(workers=1), candidates=3, keep=2)
    assert rejections and rejections[0].startswith("poly/add [ruby]: canonical fails")
    kept = progs[("poly/add", "python")]
    assert kept[0].passed and kept[0].code == good and 1 <= len(kept) <= 3
    assert all(not m.passed and any(o != "pass" for o in m.outcomes) for m in kept[1:])
    again, _ = verify_programs([p], Oracle(workers=1), candidates=3, keep=2)
    assert [m.code for m in again[("poly/add", "python")]] == [m.code for m in kept]
