"""Release builder: gates (one failing fixture each), sweeps, byte-identical rebuilds, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from execir.construction import REPORT_FILE, build_release
from execir.construction.gates import (AST_SEMANTICS, CANONICAL_EXECUTION, CORPUS_INTEGRITY,
                                DISTRACTOR_EXECUTION, SCHEMA, check_ast, check_corpus,
                                check_distractors)
from execir.construction.verify import mutant_time_limit
from execir.execution import run_many
from execir.errors import UsageError
from execir.formats.files import load_benchmark, read_records
from execir.mutation import Mutant, VerifiedMutant
from execir.records import Query, Snippet, Task, snippet_id_for
from execir.execution import Oracle

DATA = Path(__file__).resolve().parents[1] / "data" / "construction"


def _tasks(name: str) -> list[Task]:
    return read_records(DATA / name, Task.from_dict)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("rel") / "good"
    report = build_release(_tasks("good.jsonl"), out, name="fixture", seed=3, oracle=Oracle(workers=2, cache=None))
    return out, report


def test_release_contents(built):
    out, report = built
    bench = load_benchmark(out)  # verifies every SHA-256 in the manifest
    assert len(bench.queries) == 3 and report["tasks"] == {"input": 3, "released": 3, "rejected": 0}
    tasks = bench.tasks
    for qid, rels in bench.qrels.items():
        task = bench.task_for_query(qid)
        assert sorted(rels.values()).count(2) == 1
        canon = [sid for sid, lvl in rels.items() if lvl == 2][0]
        assert canon == snippet_id_for(task.task_id, task.canonical)
        distractors = [bench.corpus[sid] for sid, lvl in rels.items() if lvl == 1]
        assert 1 <= len(distractors) <= 4
        types = [d.mutation["mutation_type"] for d in distractors]
        assert len(set(types)) >= 3  # each fixture task offers >= 3 types with wrong-output kills
        # every planted distractor really fails the tests it says, with a plain FAIL among them
        results = run_many([(d.code, tasks[d.task_id].tests) for d in distractors], workers=2)
        for d, res in zip(distractors, results):
            assert list(res.failing_tests) == d.mutation["failing_tests"]
            assert "FAIL" in res.outcomes
            assert d.mutation["edit_size"] >= 1 and d.mutation["bug_description"]
            # the mutant is the canonical with one span replaced
            sl, sc, el, ec = d.mutation["span"]
            lines = task_lines = tasks[d.task_id].canonical.splitlines(keepends=True)
            start = sum(len(x) for x in lines[:sl - 1]) + sc
            end = sum(len(x) for x in task_lines[:el - 1]) + ec
            canon_code = tasks[d.task_id].canonical
            assert d.code == canon_code[:start] + d.mutation["after"] + canon_code[end:]
    lsb = bench.qrels["q-fx_lowest_set_bit"]
    assert len(lsb) == 5  # canonical + 4 distractors of four distinct types
    lsb_types = {bench.corpus[s].mutation["mutation_type"] for s, lvl in lsb.items() if lvl == 1}
    assert len(lsb_types) == 4


def test_report(built):
    out, report = built
    on_disk = json.loads((out / REPORT_FILE).read_text())
    assert on_disk == json.loads(json.dumps(report))
    assert report["planted"]["total"] == sum(1 for _ in load_benchmark(out).corpus) - 3
    assert sum(int(k) * v for k, v in report["distractors_per_task"].items()) == report["planted"]["total"]
    rows = {r["task_id"]: r for r in report["per_task"]}
    for row in rows.values():
        killed = row["killed_wrong_output"] + row["killed_crash_only"]
        assert row["mutation_score"] == round(killed / (killed + row["survived"]), 6)
    assert report["mutants"]["total"] == sum(r["mutants"] for r in rows.values())
    assert report["sweeps"]["distractor_sanity"] == {"rerun": report["planted"]["total"], "failed": 0}
    assert sum(report["edit_size"]["planted"]["buckets"].values()) == report["planted"]["total"]


def test_rebuild_is_byte_identical(built, tmp_path):
    out, _ = built
    again = tmp_path / "again"
    build_release(_tasks("good.jsonl"), again, name="fixture", seed=3, oracle=Oracle(workers=1, cache=None))
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file())
    for name in names:
        assert (out / name).read_bytes() == (again / name).read_bytes(), name


def test_each_gate_rejects_its_fixture(tmp_path):
    tasks = _tasks("good.jsonl") + _tasks("bad.jsonl")
    # strict policy: a task without a qualifying distractor is rejected at gate 4
    report = build_release(tasks, tmp_path / "r", name="mixed", seed=0,
                           min_distractors=1, fill_extended=0, oracle=Oracle(workers=2))
    gates = {(r["task_id"], r["gate"]) for r in report["rejections"] if r["snippet_id"] is None}
    assert gates == {("bad/schema", SCHEMA), ("fx/count_vowels", SCHEMA),
                     ("bad/ast", AST_SEMANTICS), ("bad/canonical", CANONICAL_EXECUTION),
                     ("bad/distractor", DISTRACTOR_EXECUTION)}
    bench = load_benchmark(tmp_path / "r")
    assert sorted(t for t in bench.tasks) == ["fx/clamp_sum", "fx/count_vowels", "fx/lowest_set_bit"]
    # the first copy of the duplicated id is the one released
    assert "for c in s" in bench.tasks["fx/count_vowels"].canonical
    assert report["gates"][SCHEMA]["rejected_tasks"] == 2


def _vm(outcomes):
    m = Mutant("def f():\n    return 1\n", "op", "off_by_one", (2, 11, 2, 12), "0", "1", "d", 1)
    return VerifiedMutant(m, tuple(outcomes), 0)


def test_distractor_gate_rejects_passing_and_crash_only():
    task = _tasks("good.jsonl")[0]
    rej = check_distractors(task, [_vm(["pass", "pass"]), _vm(["FAIL:TypeError", "pass"]),
                                   _vm(["FAIL", "pass"])], ["s1", "s2", "s3"])
    assert [(r.snippet_id, r.gate) for r in rej] == [("s1", DISTRACTOR_EXECUTION),
                                                     ("s2", DISTRACTOR_EXECUTION)]
    assert "survived" in rej[0].reason and "killed_crash_only" in rej[1].reason
    assert check_distractors(task, [], [])[0].snippet_id is None  # zero distractors: task rejected
    five = [_vm(["FAIL"])] * 5
    assert "at most 4" in check_distractors(task, five, list("abcde"))[0].reason


def test_corpus_gate():
    q = [Query("q-a", "a", "a"), Query("q-b", "b", "b")]
    corpus = [Snippet("a-1", "x", "a", "canonical"), Snippet("a-2", "y", "a", "distractor"),
              Snippet("b-1", "z", "b", "canonical"), Snippet("b-1", "w", "b", "distractor")]
    qrels = {"q-a": {"a-1": 2, "a-9": 1}, "q-b": {"a-2": 1}, "q-zzz": {"a-1": 2}}
    reasons = sorted((r.gate, r.task_id, r.reason, r.snippet_id) for r in check_corpus(q, corpus, qrels))
    assert reasons == sorted([
        (CORPUS_INTEGRITY, "b", "duplicate snippet id", "b-1"),
        (CORPUS_INTEGRITY, "", "qrels name unknown query q-zzz", None),
        (CORPUS_INTEGRITY, "a", "qrel of q-a names missing snippet", "a-9"),
        (CORPUS_INTEGRITY, "b", "query q-b has no relevant snippet", None),
        (CORPUS_INTEGRITY, "b", "canonical is not referenced by any qrel", "b-1"),
    ])
    assert check_corpus(q[:1], corpus[:2], {"q-a": {"a-1": 2, "a-2": 1}}) == []


def test_cross_task_sweep_adds_passing_snippet(tmp_path):
    vowels = _tasks("good.jsonl")[2]
    ratio = Task(
        task_id="fx/vowel_ratio", query="Fraction of vowels in a string (0 for empty).",
        entry_point="vowel_ratio",
        canonical=("def count_vowels(s):\n    return sum(1 for c in s if c in 'aeiou')\n\n\n"
                   "def vowel_ratio(s):\n    if not s:\n        return 0.0\n"
                   "    return count_vowels(s) / len(s)\n"),
        tests=("assert vowel_ratio('') == 0.0", "assert vowel_ratio('ab') == 0.5",
               "assert vowel_ratio('xyz') == 0.0", "assert vowel_ratio('aaaa') == 1.0"))
    report = build_release([vowels, ratio], tmp_path / "x", name="x", oracle=Oracle(workers=2))
    bench = load_benchmark(tmp_path / "x")
    passes = report["sweeps"]["cross_task"]["passes"]
    ratio_canon = snippet_id_for(ratio.task_id, ratio.canonical)
    assert {"snippet_id": ratio_canon, "snippet_task": ratio.task_id, "kind": "canonical",
            "passes_task": vowels.task_id, "action": "added to qrels at level 2"} in passes
    assert bench.qrels[vowels.query_id][ratio_canon] == 2
    assert report["sweeps"]["cross_task"]["checked"] >= 1


def test_nothing_released_is_an_error(tmp_path):
    with pytest.raises(UsageError, match="no task"):
        build_release(_tasks("bad.jsonl")[:2], tmp_path / "n", name="n", oracle=Oracle(workers=1))


@pytest.mark.parametrize("seconds,timeout,limit", [
    (0.001, 5.0, 0.25), (0.025, 5.0, 0.25), (0.03, 5.0, 0.5), (0.05, 5.0, 0.5), (0.07, 5.0, 1.0), (0.15, 5.0, 2.0), (0.3, 5.0, 5.0),
    (3.0, 5.0, 5.0), (0.001, 0.2, 0.2)])
def test_mutant_time_limit(seconds, timeout, limit):
    assert mutant_time_limit(seconds, timeout) == limit


def test_cli_build(tmp_path):
    from typer.testing import CliRunner

    from execir.cli.commands import app

    out = tmp_path / "cli"
    res = CliRunner().invoke(app, ["build", "tasks", "--path", str(DATA / "good.jsonl"), "--out",
                                   str(out), "--seed", "3", "--workers", "2", "--quiet",
                                   "--no-cache"])
    assert res.exit_code == 0, res.output
    assert "3/3 tasks released" in res.output
    assert load_benchmark(out).manifest["seed"] == 3
    bad = CliRunner().invoke(app, ["build", "nope", "--out", str(out), "--quiet"])
    assert bad.exit_code == 2 and "unknown dataset" in bad.output


@pytest.mark.parametrize("canonical, expected", [
    ("def inc(x):\n    return x +\n", "canonical does not parse (SyntaxError at line 2: invalid syntax)"),
    ("def inc(x):\n    return x\0\n", "canonical does not parse (SyntaxError"),
    ("def other(x):\n    return x\n", "canonical does not define 'inc'"),
])
def test_ast_gate_says_why_the_canonical_is_rejected(canonical, expected):
    task = Task(task_id="t/inc", query="Add one.", entry_point="inc", canonical=canonical,
                tests=("assert inc(1) == 2",))
    [rejection] = check_ast(task)
    assert rejection.gate == AST_SEMANTICS
    assert rejection.reason.startswith(expected)


def test_stacked_file_is_covered_by_the_manifest(tmp_path):
    from execir.errors import DataError
    from execir.formats.files import verify_release

    out = tmp_path / "s"
    build_release(_tasks("good.jsonl"), out, name="s", seed=0, stacked=True, oracle=Oracle(workers=2))
    manifest = json.loads((out / "manifest.json").read_text())
    assert "stacked.jsonl" in manifest["sha256"]
    verify_release(out)
    lines = (out / "stacked.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) > 1
    (out / "stacked.jsonl").write_text("".join(lines[:1]))
    with pytest.raises(DataError, match="stacked.jsonl.*SHA-256 differs"):
        verify_release(out)
    # without --stacked the manifest is exactly the release files
    plain = tmp_path / "p"
    build_release(_tasks("good.jsonl"), plain, name="s", seed=0, oracle=Oracle(workers=2))
    assert "stacked.jsonl" not in json.loads((plain / "manifest.json").read_text())["sha256"]
