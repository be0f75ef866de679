"""Release coverage policy (keep short tasks, extended fallback), amplification and stacked
mutants wired into build_release and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

from execir.construction import build_release
from execir.construction.gates import DISTRACTOR_EXECUTION
from execir.construction.release import STACKED_FILE
from execir.execution import run_many
from execir.formats.files import load_benchmark, read_records
from execir.records import Task
from execir.execution import Oracle

DATA = Path(__file__).resolve().parents[1] / "data" / "construction"

ALWAYS = read_records(DATA / "bad.jsonl", Task.from_dict)[3]  # every mutant survives its test
SHOUT = Task(task_id="p/shout", query="Upper-case a word and add an exclamation mark.",
             entry_point="shout", canonical="def shout(s):\n    return s.upper() + '!'\n",
             tests=("assert shout('a') == 'A!'", "assert shout('') == '!'"))
COUNT_POS = Task(task_id="p/count_pos", query="Count the positive numbers in a list.",
                 entry_point="count_pos",
                 canonical="def count_pos(xs):\n    n = 0\n    for x in xs:\n        if x > 0:\n"
                           "            n += 1\n    return n\n",
                 tests=("assert count_pos([1, -1, 2]) == 2", "assert count_pos([]) == 0",
                        "assert count_pos([-3]) == 0"))


def test_short_tasks_are_kept_by_default_and_rejected_when_strict(tmp_path):
    assert ALWAYS.task_id == "bad/distractor"
    report = build_release([ALWAYS, SHOUT], tmp_path / "d", name="d",
                           fill_extended=0, oracle=Oracle(workers=2))
    assert report["tasks"] == {"input": 2, "released": 2, "rejected": 0}
    assert report["distractors_per_task"] == {"0": 2}
    assert report["tasks_with_at_least"] == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert {r["task_id"]: r["planted"] for r in report["per_task"]} == {"bad/distractor": 0,
                                                                      "p/shout": 0}
    bench = load_benchmark(tmp_path / "d")
    assert bench.qrels[ALWAYS.query_id] == {sid: 2 for sid in bench.qrels[ALWAYS.query_id]}
    strict = build_release([ALWAYS, SHOUT, COUNT_POS], tmp_path / "s", name="s",
                           min_distractors=1, fill_extended=0, oracle=Oracle(workers=2))
    assert sorted((r["task_id"], r["gate"]) for r in strict["rejections"]) == [
        ("bad/distractor", DISTRACTOR_EXECUTION), ("p/shout", DISTRACTOR_EXECUTION)]
    assert strict["tasks"]["released"] == 1


def test_extended_fallback_fills_short_tasks(tmp_path):
    # shout has no six-type mutant (string concatenation is skipped); two extended ones kill it
    report = build_release([SHOUT], tmp_path / "f", name="f", oracle=Oracle(workers=2))
    bench = load_benchmark(tmp_path / "f")
    planted = [s for s in bench.corpus.values() if s.kind == "distractor"]
    assert sorted((s.mutation["operator"], s.mutation["mutation_type"], s.mutation["after"])
                  for s in planted) == [("constant_replacement", "extended", "''"),
                                        ("replace_return", "extended", "None")]
    assert report["fallback"]["tasks"] == 1 and report["fallback"]["planted"] == 2
    assert report["planted"]["by_type"]["extended"] == {"count": 2, "percent": 100.0}
    assert report["mutants"]["total"] == 0  # fallback mutants stay out of the mutation score
    assert report["policy"] == {"min_distractors": 0, "max_distractors": 4, "fill_extended": 3}


def test_amplify_and_stacked_are_written_and_reproducible(tmp_path):
    tasks = [COUNT_POS, SHOUT]
    a = build_release(tasks, tmp_path / "a", name="amp", seed=1,
                      amplify=True, stacked=True, oracle=Oracle(workers=2))
    amp = a["amplification"]
    # the tests never put a 0 in the list: `x > 0` -> `x >= 0` survives and is killed by
    # an amplified input with a zero
    survivors = {(s["before"], s["after"]) for s in a["survivors"]["items"]}
    assert (">", ">=") in survivors
    assert amp["survivors"] == a["survivors"]["count"] and amp["killed"] >= 1
    assert amp["killed"] + amp["likely_equivalent"]["count"] == amp["survivors"]
    rows = {t["task_id"]: t for t in map(json.loads, (tmp_path / "a" / "tasks.jsonl")
                                         .read_text().splitlines())}
    extra = rows["p/count_pos"]["metadata"]["amplified_tests"]
    assert extra and rows["p/count_pos"]["tests"] == list(COUNT_POS.tests)
    assert "amplified_tests" not in rows["p/shout"]["metadata"]
    res = run_many([(COUNT_POS.canonical, extra)], workers=1)[0]
    assert res.passed
    # stacked mutants: beside the release, counted, hashed in the manifest, never in the corpus
    lines = (tmp_path / "a" / STACKED_FILE).read_text().splitlines()
    assert len(lines) == a["stacked"]["verified"] > 0
    for line in lines:
        row = json.loads(line)
        assert 2 <= row["stack"] <= 4 and row["failing_tests"]
    bench = load_benchmark(tmp_path / "a")
    assert set(bench.manifest["sha256"]) == {"corpus.jsonl", "queries.jsonl", "qrels/test.tsv",
                                             "tasks.jsonl", "labels.jsonl", STACKED_FILE}
    codes = {s.code for s in bench.corpus.values()}
    assert not codes & {json.loads(x)["code"] for x in lines}
    b = build_release(tasks, tmp_path / "b", name="amp", seed=1,
                      amplify=True, stacked=True, oracle=Oracle(workers=1))
    assert a == b
    for p in sorted((tmp_path / "a").rglob("*")):
        if p.is_file():
            assert p.read_bytes() == (tmp_path / "b" / p.relative_to(tmp_path / "a")).read_bytes()
    # a plain rebuild into the same folder removes the stale stacked.jsonl
    build_release(tasks, tmp_path / "a", name="amp", seed=1, oracle=Oracle(workers=2))
    assert not (tmp_path / "a" / STACKED_FILE).exists()


def test_cli_build_help_states_the_policy():
    from typer.testing import CliRunner

    from execir.cli.commands import app

    res = CliRunner().invoke(app, ["build", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    text = " ".join(res.output.split())
    for flag in ("--min-distractors", "--fill-extended", "--amplify", "--stacked"):
        assert flag in text
    assert "strict policy" in text
