"""Gate rejection reasons read as plain sentences that name what collided."""

from __future__ import annotations

from execir.construction.gates import CORPUS_INTEGRITY, SCHEMA, check_corpus, check_schema
from execir.records import Query, Snippet, Task, query_id_for
from execir.execution import Oracle

CANON = "def f(x):\n    return x\n"


def _task(task_id: str, tests=("assert f(1) == 1",), source: str = "") -> Task:
    return Task(task_id, "identity", "f", CANON, tuple(tests), source=source)


def test_empty_tests_reason_is_plain():
    (rej,) = check_schema([_task("a", tests=())])
    assert (rej.gate, rej.task_id, rej.reason) == (SCHEMA, "a", "no tests: a task needs at least one")
    # A promised count (execir-py: 7-10 tests) says which bound was missed.
    (few,) = check_schema([_task("b", tests=["assert f(1) == 1"] * 3, source="execir-py")])
    assert few.reason == "3 tests, at least 7 needed (at most 10)"
    (many,) = check_schema([_task("c", tests=["assert f(1) == 1"] * 11, source="execir-py")])
    assert many.reason == "11 tests, at most 10 allowed"
    assert check_schema([_task("d")]) == []


def test_duplicate_query_id_names_both_task_ids():
    assert query_id_for("e2e/clamp") == query_id_for("e2e_clamp") == "q-e2e_clamp"
    queries = [Query("q-e2e_clamp", "clamp", "e2e/clamp"), Query("q-e2e_clamp", "clamp", "e2e_clamp")]
    corpus = [Snippet("c1", CANON, "e2e/clamp", "canonical"), Snippet("c2", CANON + "\n", "e2e_clamp",
                                                                     "canonical")]
    qrels = {"q-e2e_clamp": {"c1": 2, "c2": 2}}
    rejections = check_corpus(queries, corpus, qrels)
    assert [(r.gate, r.task_id, r.reason) for r in rejections] == [
        (CORPUS_INTEGRITY, "e2e_clamp",
         "duplicate query id q-e2e_clamp: task ids 'e2e/clamp' and 'e2e_clamp' both map to it")]


def test_colliding_query_ids_are_rejected_at_the_schema_gate_before_assembly(tmp_path):
    """Two task ids with one slug used to merge into one qrels entry, leaving a dangling qrel."""
    from execir.construction import build_release
    from execir.formats.files import load_benchmark

    tasks = [Task("e2e/double", "Double a number.", "double", "def double(x):\n    return x * 2\n",
                  ("assert double(2) == 4", "assert double(-3) == -6")),
             Task("e2e_double", "Double a number.", "double", "def double(x):\n    return 2 * x\n",
                  ("assert double(2) == 4", "assert double(0) == 0"))]
    (rej,) = check_schema(tasks)
    assert (rej.gate, rej.task_id) == (SCHEMA, "e2e_double")
    assert rej.reason == ("task id maps to query id q-e2e_double, which task 'e2e/double' already "
                          "has (a later task; the first is kept)")
    report = build_release(tasks, tmp_path / "r", name="c", oracle=Oracle(workers=1))
    bench = load_benchmark(tmp_path / "r")
    assert list(bench.tasks) == ["e2e/double"]
    assert all(sid in bench.corpus for qr in bench.qrels.values() for sid in qr)
    assert [r["task_id"] for r in report["rejections"] if r["snippet_id"] is None] == ["e2e_double"]


def test_rejected_tasks_lines():
    from execir.construction import rejected_tasks_lines

    assert rejected_tasks_lines({"rejections": [{"task_id": "t", "gate": "x", "reason": "r",
                                                 "snippet_id": "s"}]}) == []
    rows = [{"task_id": f"t{i}", "gate": SCHEMA, "reason": "no tests: a task needs at least one",
             "snippet_id": None} for i in range(5)]
    assert rejected_tasks_lines({"rejections": rows}, limit=2) == [
        "5 task(s) rejected by the gates:",
        "  t0: schema: no tests: a task needs at least one",
        "  t1: schema: no tests: a task needs at least one",
        "  ... and 3 more in build_report.json"]
