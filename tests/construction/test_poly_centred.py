"""execir-poly v3's centred families (construction.poly_centred): the centre's edit undone gives
the canonical, second-order mutants are one edit of the centre, every planted program fails,
the picks are deterministic and a subset re-verified against the whole set's models plants what
the whole build planted; the shuffled corpora; which execir-poly builds are shipped and gated."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest

from execir.construction.multitask import (TEXT_NEGATIVES, assemble, integrity_failures, domain_negatives,
                                          programs_of)
from execir.construction.poly_centred import _compare, verify_centred
from execir.datasets.poly_sources import load_problems
from execir.datasets.shipped import family_design, gate_by_default, shipped_version
from execir.execution import Oracle
from execir.records import CODE, TEXT, sha256_text


def _edit(code: str, record: dict) -> str:
    """``code`` with a mutation record's edit applied (span: 1-based lines, 0-based columns)."""
    line_a, col_a, line_b, col_b = record["span"]
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    start, end = starts[line_a - 1] + col_a, starts[line_b - 1] + col_b
    assert code[start:end] == record["before"]
    return code[:start] + record["after"] + code[end:]


@pytest.fixture(scope="module")
def python_only():
    """Four packaged problems with their Python program only, and their centred programs."""
    problems = [dataclasses.replace(p, solutions={"python": p.solutions["python"]}) for p in load_problems()[:4]]
    progs, rejections, design = verify_centred(problems, Oracle(workers=1, quiet=True), seed=0)
    return problems, progs, rejections, design


def test_centred_families_are_attributable_edits_that_fail(python_only):
    problems, progs, rejections, design = python_only
    assert rejections == [] and design["families"] == 4 == len(progs)
    assert design["centred_on_canonical"] + design["centred_on_mutant"] + design["fallback_to_star"] == 4
    on_mutant = 0
    for p in problems:
        family = progs[(p.problem_id, "python")]
        canonical, planted = family[0], family[1:]
        assert canonical.passed and canonical.mutation is None and canonical.code == p.solutions["python"]
        assert 1 <= len(planted) <= 2 and len({m.code for m in family}) == len(family)
        assert all(not m.passed and any(o != "pass" for o in m.outcomes) for m in planted)
        assert all(m.mutation["failing_tests"] == [i for i, o in enumerate(m.outcomes) if o != "pass"]
                   for m in planted)
        leaves = [m for m in planted if "parent" in m.mutation]
        if leaves:  # the centre is planted[0]: one edit from the canonical, each leaf one edit from it
            on_mutant += 1
            centre = planted[0]
            assert "parent" not in centre.mutation and _edit(canonical.code, centre.mutation) == centre.code
            for leaf in leaves:
                assert leaf.mutation["parent"] == {k: v for k, v in centre.mutation.items() if k != "failing_tests"}
                assert _edit(centre.code, leaf.mutation) == leaf.code != canonical.code
        else:
            assert all(_edit(canonical.code, m.mutation) == m.code for m in planted)
    assert on_mutant == design["centred_on_mutant"] == design["second_order_planted"]


def test_the_picks_are_deterministic_and_a_subset_plants_what_the_whole_planted(python_only):
    problems, progs, _, _ = python_only
    again, _, _ = verify_centred(problems[:1], Oracle(workers=1, quiet=True), seed=0, learn_from=problems)
    key = (problems[0].problem_id, "python")
    assert [(m.code, m.mutation) for m in again[key]] == [(m.code, m.mutation) for m in progs[key]]


def _two_languages(python_only):
    """The fixture's problems with their Python program also standing as Ruby (two languages, so
    the assembly keeps them), and their centred programs under both keys."""
    problems, progs, _, _ = python_only
    two = [dataclasses.replace(p, solutions={"python": p.solutions["python"], "ruby": p.solutions["python"]})
           for p in problems]
    return two, {**progs, **{(p.problem_id, "ruby"): progs[(p.problem_id, "python")] for p in problems}}


def test_shuffled_corpora_carry_no_position_and_read_back_canonical_first(python_only):
    two, programs = _two_languages(python_only)
    bench = assemble(two, programs, seed=3, shuffle=True)
    assert integrity_failures(bench) == []
    for modality in (CODE, TEXT):
        ids = [d for d, doc in bench.corpus.items() if doc.modality == modality]
        assert ids == sorted(ids, key=lambda d: sha256_text(f"3:corpus-order:{d}"))
    code = [doc for doc in bench.corpus.values() if doc.modality == CODE]
    assert any(not doc.passed for doc in code[:4])  # a plain star assembly puts a canonical first
    assert list(assemble(two, programs, seed=3).corpus)[0] == next(
        d for d, doc in assemble(two, programs, seed=3).corpus.items() if doc.passed)
    for key, family in programs_of(bench).items():
        assert family[0].passed and family[0].code == programs[key][0].code
        assert {m.code for m in family} == {m.code for m in programs[key]}


def test_the_size_columns_count_characters_and_syntax_tree_nodes():
    canonical = "package main\n\nfunc f(a int) int {\n\treturn a + 10\n}\n"
    codes = [canonical.replace("a + 10", after) for after in ("a", "a + 1", "a + 100")]
    scorer = SimpleNamespace(compare=lambda key, canon, cs: (np.zeros((len(cs), 3), dtype=bool),
                                                            np.arange(len(cs), dtype=float)))
    above, distance = _compare(scorer, "go:p0", canonical, [SimpleNamespace(mutant=SimpleNamespace(code=c))
                                                             for c in codes])
    # "return a" is shorter and has fewer nodes; "a + 1" is shorter with the same nodes; "a + 100" neither
    assert above[:, 3:].tolist() == [[True, True], [True, False], [False, False]]
    assert above.shape == (3, 5) and distance.tolist() == [0.0, 1.0, 2.0]


def test_text_negatives_are_windows_of_a_seeded_order_within_each_domain():
    problems = ([SimpleNamespace(problem_id=f"a{i}", domain="strings") for i in range(7)]
                + [SimpleNamespace(problem_id=f"b{i}", domain="dates") for i in range(2)]
                + [SimpleNamespace(problem_id="c0", domain="geometry")])
    negs = domain_negatives(problems, seed=0)
    assert TEXT_NEGATIVES == 4 and sorted(negs) == sorted(p.problem_id for p in problems)
    strings = sorted(f"a{i}" for i in range(7))
    for pid in strings:
        assert len(negs[pid]) == 4 and len(set(negs[pid])) == 4 and pid not in negs[pid]
        assert set(negs[pid]) <= set(strings)
    # every description is the positive of one family and a negative of exactly four others
    assert all(sum(pid in negs[q] for q in strings) == 4 for pid in strings)
    # the windows follow one cyclic order: the successor of each problem is its first negative
    order = ["a0"]
    while len(order) < 7:
        order.append(negs[order[-1]][0])
    assert sorted(order) == strings
    assert all(negs[pid] == [order[(order.index(pid) + j) % 7] for j in range(1, 5)] for pid in strings)
    # domains of at most four problems are pooled (b0, b1, c0): two negatives each
    assert all(len(negs[pid]) == 2 and set(negs[pid]) == {"b0", "b1", "c0"} - {pid} for pid in ("b0", "b1", "c0"))
    assert domain_negatives(problems, seed=0) == negs
    assert any(domain_negatives(problems, seed=s) != negs for s in range(1, 4))
    assert domain_negatives(problems[:1], seed=0) == {"a0": []}


def test_centred_text_families_judge_other_descriptions_not_the_authored_negatives(python_only):
    two, programs = _two_languages(python_only)
    bench = assemble(two, programs, seed=0, shuffle=True)
    texts = bench.documents(TEXT)
    assert len(texts) == 4 and {d.kind for d in texts.values()} == {"description"}
    described = {d.task_id: d_id for d_id, d in texts.items()}
    negs = domain_negatives(two, seed=0)
    for qid, q in bench.queries.items():
        if q.direction == "c2t" and q.label != 0:
            assert bench.qrels[qid] == {described[q.task_id]: 2, **{described[o]: 1 for o in negs[q.task_id]}}
    star = assemble(two, programs, seed=0)
    assert {d.kind for d in star.documents(TEXT).values()} == {"description", "hard_negative"}


def test_execir_poly_versions_pick_the_design_and_the_gate():
    assert family_design("execir-poly") == "centred" == family_design("execir-poly@3")
    assert family_design("execir-poly@2") == "star"
    shipped = {"seed": 0, "distractors": "mutation"}
    assert shipped_version("execir-poly@2", None, {**shipped, "families": "star"}) == "2"
    assert shipped_version("execir-poly", None, {**shipped, "families": "centred"}) == "3"
    assert shipped_version("execir-poly", None, {**shipped, "families": "star"}) is None
    assert shipped_version("execir-poly@2", "some/folder", {**shipped, "families": "star"}) is None
    # the shipped star release rebuilds without the gate; a centred build is gated
    assert not gate_by_default("execir-poly@2", None, {**shipped, "families": "star"})
    assert gate_by_default("execir-poly", None, {**shipped, "families": "centred"})
    assert gate_by_default("execir-poly", None, {**shipped, "seed": 1, "families": "star"})
