"""build_release for tasks in other languages: tree-sitter mutants verified by execution, gate 2
on tree-sitter trees, per-language report counts, mixed-language builds (issue 14)."""

from __future__ import annotations

import json

import pytest

from execir.construction import build_release
from execir.construction.enumeration import Enumeration
from execir.construction.gates import AST_SEMANTICS, SCHEMA, check_ast, check_schema
from execir.execution import Oracle, languages
from execir.mutation import enumerate_mutants
from execir.records import Task

CPP = """int clamp_add(int a, int b) {
    if (a < 0) return 0;
    return a + b;
}
"""
CPP_TESTS = ("int main() { assert(clamp_add(2, 3) == 5); }",
             "int main() { assert(clamp_add(-4, 9) == 0); }",
             "int main() { assert(clamp_add(0, 7) == 7); }")
RUBY = "def clamp_add(a, b)\n  return 0 if a < 0\n  a + b\nend\n"
RUBY_TESTS = ("assert clamp_add(2, 3) == 5", "assert clamp_add(-4, 9) == 0",
              "assert_equal 7, clamp_add(0, 7)")
PYTHON = "def clamp_add(a, b):\n    if a < 0:\n        return 0\n    return a + b\n"
PYTHON_TESTS = ("assert clamp_add(2, 3) == 5", "assert clamp_add(-4, 9) == 0",
                "assert clamp_add(0, 7) == 7")
QUERY = "Add two integers, giving 0 when the first is negative."

# (operator, before, after) -> failing tests, worked out by hand for the three tests
# (2, 3) -> 5, (-4, 9) -> 0, (0, 7) -> 7; the two `0` constants are told apart by line column
CPP_EXPECTED = {
    ("remove_guard", "    if (a < 0) return 0;\n", ""): [1],  # clamp_add(-4, 9) = 5
    ("relational_operator", "<", "<="): [2],                  # clamp_add(0, 7) = 0
    ("int_constant_shift", "0", "1", 12): [2],                # a < 1: clamp_add(0, 7) = 0
    ("int_constant_shift", "0", "-1", 12): [],                # a < -1: survives these tests
    ("int_constant_shift", "0", "1", 22): [1],                # return 1
    ("int_constant_shift", "0", "-1", 22): [1],               # return -1
    ("arithmetic_operator", "+", "-"): [0, 2],                # a - b
    ("return_shift", "", " + 1"): [0, 2],                     # a + b + 1
    ("return_shift", "", " - 1"): [0, 2],                     # a + b - 1
}


def _needs(language):
    if languages.toolchain(language, warn=False) is None:
        pytest.skip(f"no {language} toolchain installed")


def _key(m):
    key = (m.operator, m.before, m.after)
    return key + (m.span[1],) if m.operator == "int_constant_shift" else key


def test_cpp_mutants_are_the_hand_listed_ones():
    muts = enumerate_mutants(CPP, entry_point="clamp_add", language="cpp")
    assert sorted(map(_key, muts), key=repr) == sorted(CPP_EXPECTED, key=repr)


def test_cpp_task_mutants_are_killed_or_survive_as_computed_by_hand(tmp_path):
    _needs("cpp")
    task = Task("cpp/clamp_add", QUERY, "clamp_add", CPP, CPP_TESTS, language="cpp", source="t")
    out = tmp_path / "release"
    report = build_release([task], out, name="tiny-cpp",
                           oracle=Oracle(workers=2, build_cache=tmp_path / "builds"))
    assert report["tasks"] == {"input": 1, "released": 1, "rejected": 0}
    assert report["mutants"]["by_status"] == {"killed_wrong_output": 8, "killed_crash_only": 0,
                                              "survived": 1, "invalid": 0}
    [survivor] = report["survivors"]["items"]
    assert (survivor["before"], survivor["after"], survivor["span"]) == ("0", "-1", [2, 12, 2, 13])
    corpus = [json.loads(line) for line in (out / "corpus.jsonl").read_text().splitlines()]
    planted = [row["metadata"] for row in corpus if row["metadata"]["kind"] == "distractor"]
    assert len(planted) == 4 and all(p["language"] == "cpp" for p in planted)
    for p in planted:  # each planted distractor fails exactly the tests worked out by hand
        m = p["mutation"]
        key = (m["operator"], m["before"], m["after"])
        key = key + (m["span"][1],) if m["operator"] == "int_constant_shift" else key
        assert m["failing_tests"] == CPP_EXPECTED[key] != []
    assert report["languages"]["cpp"]["mutants"]["total"] == 9
    assert report["languages"]["cpp"]["mutation_score_median"] == round(8 / 9, 6)
    manifest = json.loads((out / "manifest.json").read_text())
    assert "remove_guard" in manifest["generator"]["tree_sitter_operators"]


def test_mixed_python_and_ruby_build_counts_each_language(tmp_path):
    _needs("ruby")
    tasks = [Task("py/clamp_add", QUERY, "clamp_add", PYTHON, PYTHON_TESTS, source="t"),
             Task("rb/clamp_add", QUERY, "clamp_add", RUBY, RUBY_TESTS, language="ruby",
                  source="t")]
    report = build_release(tasks, tmp_path / "r", name="mixed", oracle=Oracle(workers=2))
    langs = report["languages"]
    assert sorted(langs) == ["python", "ruby"]
    # Ruby: remove_guard and return 1 / -1 fail test 1; <= and `a < 1` fail test 2; `a - b`
    # fails tests 0 and 2; `a < -1` survives
    assert langs["ruby"]["mutants"]["by_status"] == {"killed_wrong_output": 6,
                                                     "killed_crash_only": 0, "survived": 1,
                                                     "invalid": 0}
    assert langs["python"]["mutants"]["total"] == len(
        enumerate_mutants(PYTHON, entry_point="clamp_add"))
    assert langs["ruby"]["tasks"]["released"] == langs["python"]["tasks"]["released"] == 1
    # the two tasks share an entry point name, but a Ruby snippet never runs Python tests
    assert report["sweeps"]["cross_task"]["checked"] == 0
    labels = [json.loads(line) for line in (tmp_path / "r" / "labels.jsonl").read_text().splitlines()]
    ruby_canonical = [r for r in labels if r["query_id"] == "q-rb_clamp_add"
                      and r["outcomes"] == ["pass"] * 3]
    assert len(ruby_canonical) == 1


def test_gate_two_reads_other_languages_with_tree_sitter():
    def task(code, tests=CPP_TESTS, entry="clamp_add", language="cpp"):
        return Task("t", QUERY, entry, code, tests, language=language)

    assert check_ast(task(CPP)) == []
    [bad] = check_ast(task(CPP.replace("return a + b;", "return a + ;")))
    assert (bad.gate, bad.reason) == (AST_SEMANTICS,
                                  "canonical does not parse (missing 'identifier' at line 3)")
    [bad] = check_ast(task(CPP, entry="clamp"))
    assert bad.reason == "canonical does not define 'clamp'"
    [bad] = check_ast(task(CPP, tests=CPP_TESTS + ("int main() { assert(1); }",)))
    assert bad.reason == "test 3 never calls 'clamp_add'"
    [bad] = check_ast(task(CPP), distractors=["int other(int a) { return a; }"])
    assert bad.reason == "distractor 0 does not define 'clamp_add'"
    assert check_ast(task(RUBY, RUBY_TESTS, language="rb")) == []


def test_schema_gate_accepts_oracle_languages_and_names_the_supported_ones():
    ok = [Task(f"t{i}", QUERY, "f", "x", ("f()",), language=lang)
          for i, lang in enumerate(["python", "cpp", "c++", "java", "go", "ruby", "js", "rust"])]
    assert check_schema(ok) == []
    [bad] = check_schema([Task("k", QUERY, "f", "x", ("f()",), language="kotlin")])
    assert (bad.gate, bad.reason) == (SCHEMA, "language 'kotlin' is not supported by the builder "
                                              "(supported: cpp, go, java, javascript, python, "
                                              "ruby, rust)")


def test_background_enumeration_takes_a_language():
    items = [(CPP, "clamp_add", False, "cpp"), (RUBY, "clamp_add", True, "ruby"),
             (PYTHON, "clamp_add", False)] * 3
    serial = [enumerate_mutants(c, entry_point=e, extended=x, language=(rest or ["python"])[0])
              for c, e, x, *rest in items]
    assert Enumeration(items, 2, chunk=2).result() == serial
    assert [len(m) for m in serial[:2]] == [9, len(enumerate_mutants(RUBY, entry_point="clamp_add",
                                                                      language="ruby", extended=True))]


def test_program_ladder_leaves_room_for_process_start_up():
    from execir.construction.verify import PROGRAM_FACTOR, mutant_time_limit

    assert mutant_time_limit(0.19, 5.0) == 2.0  # Python ladder: 10x
    assert mutant_time_limit(0.19, 5.0, PROGRAM_FACTOR) == 5.0  # 40 x 0.19 = 7.6, capped
    assert mutant_time_limit(0.02, 5.0, PROGRAM_FACTOR) == 1.0
    assert mutant_time_limit(0.004, 5.0, PROGRAM_FACTOR) == 0.25
