"""``run:FILE``: rankings made elsewhere (TREC, BEIR results JSON, ExecRetrieval results files)
scored like any other system (issue 53 item 3)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import execir
from execir import progress
from execir.errors import DataError, UsageError
from execir.evaluation.stacked import score_stacked
from execir.formats.files import load_benchmark, write_release
from execir.formats.run_files import json_line, read_run_file
from execir.retrieval.bm25 import BM25Retriever
from execir.retrieval.factory import make_retriever
from execir.retrieval.fusion import FusionRetriever
from execir.retrieval.precomputed import PrecomputedRetriever, report_coverage
from execir.retrieval.spec import parse_system, parse_systems
from execir.records import Query, Snippet, Task

#: (query, function, canonical body, distractor bodies, tests): the distractors fail the tests
TASKS = (("add one", "f0", "x + 1", ("x - 1", "x + 2"), ("assert f0(1) == 2", "assert f0(0) == 1")),
         ("double", "f1", "x * 2", ("x * 3", "x + 2"), ("assert f1(3) == 6", "assert f1(0) == 0")),
         ("negate", "f2", "-x", ("x", "-x + 1"), ("assert f2(2) == -2", "assert f2(0) == 0")),
         ("square", "f3", "x * x", ("x + x", "x * x + 1"), ("assert f3(3) == 9", "assert f3(1) == 1")))

#: q0: a distractor above the canonical; q1: the canonical ties its distractor and the file's rank
#: column puts the distractor first; q2: another task's canonical first, its own 4th; q3: absent;
#: qzzz and nope-1 are not in the release
TREC = """q0 Q0 t0-d0 1 9.0 mine
q0 Q0 t0-c 2 8.0 mine
q0 Q0 nope-1 3 7.5 mine
q1 Q0 t1-d0 1 5.0 mine
q1 Q0 t1-c 2 5.0 mine
q2 Q0 t0-c 1 3.0 mine
q2 Q0 t2-d0 2 2.0 mine
q2 Q0 t2-d1 3 1.0 mine
q2 Q0 t2-c 4 0.5 mine
qzzz Q0 t0-c 1 1.0 mine
"""


def make_release(folder: Path) -> Path:
    """Four tasks, each a canonical ``t{i}-c`` and two distractors ``t{i}-d{j}``; queries ``q{i}``."""
    tasks, queries, corpus, qrels = [], [], [], {}
    for i, (text, fn, body, mutants, tests) in enumerate(TASKS):
        tid, qid = f"t{i}", f"q{i}"
        canonical = f"def {fn}(x):\n    return {body}\n"
        tasks.append(Task(task_id=tid, query=text, entry_point=fn, canonical=canonical, tests=tests,
                          domain="math"))
        queries.append(Query(qid, text, tid, "math"))
        corpus.append(Snippet(f"{tid}-c", canonical, tid, "canonical"))
        qrels[qid] = {f"{tid}-c": 2}
        for j, mutant in enumerate(mutants):
            corpus.append(Snippet(f"{tid}-d{j}", f"def {fn}(x):\n    return {mutant}\n", tid, "distractor",
                                  mutation={"operator": "op", "mutation_type": "wrong_operator"}))
            qrels[qid][f"{tid}-d{j}"] = 1
    write_release(folder, name="tiny4", queries=queries, corpus=corpus, qrels=qrels, tasks=tasks,
                  manifest_extra={"seed": 0})
    return folder


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _er_results(per_query) -> str:
    """An ExecRetrieval ``results/<model>.json``, pretty-printed as the release writes it."""
    return json.dumps({"model": "all-MiniLM-L6-v2", "n_queries": len(per_query), "ks": [1, 3, 5, 10],
                       "metrics": {"exec@1": 0.5}, "per_query": per_query}, indent=2)


def _er_query(qid, results):
    return {"query_id": qid, "query": "text", "correct_corpus_ids": ["c_0001"],
            "top_results": [{"rank": r, "corpus_id": c, "label": "correct", "bug_type": "",
                             "similarity": s, "passes_all_tests": True, "test_results": ["pass"]}
                            for r, c, s in results]}


# ---- each format ------------------------------------------------------------------------------

def test_trec_run_is_read_with_its_tag_and_the_queries_it_orders_otherwise(tmp_path):
    run = read_run_file(_write(tmp_path / "x.trec", TREC))
    assert (run.format, run.name) == ("trec", "mine")
    assert run.scores["q1"] == {"t1-d0": 5.0, "t1-c": 5.0}
    assert list(run.scores) == ["q0", "q1", "q2", "qzzz"]
    assert run.reordered == ("q1",)  # the tie: the file says t1-d0 first, execir t1-c
    gz = tmp_path / "x.trec.gz"
    gz.write_bytes(gzip.compress(TREC.encode()))
    assert read_run_file(gz).scores == run.scores


def test_beir_results_json_is_read(tmp_path):
    path = _write(tmp_path / "r.json", json.dumps({"q0": {"t0-c": 1.5, "t0-d0": 2}, "q1": {}}))
    run = read_run_file(path)
    assert (run.format, run.name, run.reordered) == ("beir", None, ())
    assert run.scores == {"q0": {"t0-c": 1.5, "t0-d0": 2.0}, "q1": {}}


def test_execretrieval_results_file_is_read(tmp_path):
    text = _er_results([_er_query("q_0001", [(1, "c_0002", 0.9), (2, "c_0001", 0.8)]),
                        _er_query("q_0002", [(1, "c_0007", 0.7), (2, "c_0006", 0.7)])])
    run = read_run_file(_write(tmp_path / "minilm.json", text))
    assert (run.format, run.name) == ("execretrieval", "all-MiniLM-L6-v2")
    assert run.scores == {"q_0001": {"c_0002": 0.9, "c_0001": 0.8},
                          "q_0002": {"c_0007": 0.7, "c_0006": 0.7}}
    assert run.reordered == ("q_0002",)  # tie: rank 1 is c_0007, execir puts c_0006 first


@pytest.mark.parametrize("name, text, line, message", [
    ("a.trec", "q0 Q0 d 1 1.0 t\nq0 Q0 e 2 0.5\n", 2,
     "expected 6 whitespace-separated fields (qid Q0 docid rank score tag), got 5"),
    ("a.trec", "q0 Q0 d 1 1.0 t\n\nq0 Q0 e 2 nan t\n", 3, "field 'score': not a finite number: 'nan'"),
    ("a.trec", "q0 Q0 d one 1.0 t\n", 1, "field 'rank': not an integer: 'one'"),
    ("a.trec", "q0 Q0 d 1 1.0 a\nq0 Q0 e 2 0.5 b\n", 2, "field 'tag': tag 'b' differs from 'a' (line 1): "
     "one file holds one system's run; give each system its own file"),
    ("a.trec", "q0 Q0 d 1 1.0 t\nq0 Q0 d 2 0.5 t\n", 2,
     "field 'docid': 'd' is listed twice for query 'q0' (first on line 1)"),
    ("b.json", '{\n  "q0": {\n    "d": 1.0,\n    "e": "high"\n  }\n}\n', 4,
     "field 'q0.e': expected a finite number, got \"high\""),
    ("b.json", '{\n  "q0": {"d": 1.0},\n  "q1": [1, 2]\n}\n', 3, "field 'q1': expected an object "
     "{doc_id: score} (a BEIR results file; a file with 'per_query' is read as an ExecRetrieval results file)"),
    ("b.json", '{"q0": {"d": 1.0}\n', 1, "not valid JSON (Expecting ',' delimiter at column 18, where the text ends)"),
    ("b.json", "[1, 2]", 1, "expected a JSON object: a TREC run (qid Q0 docid rank score tag), a BEIR results "
     "JSON {query_id: {doc_id: score}} or an ExecRetrieval results file (model, per_query); got a JSON list"),
    ("e.trec", "  \n", None, "empty file; expected a TREC run (qid Q0 docid rank score tag), a BEIR results "
     "JSON {query_id: {doc_id: score}} or an ExecRetrieval results file (model, per_query)"),
])
def test_a_malformed_file_names_file_line_and_field(tmp_path, name, text, line, message):
    path = _write(tmp_path / name, text)
    with pytest.raises(DataError) as err:
        read_run_file(path)
    assert str(err.value) == (f"{path}: {message}" if line is None else f"{path}:{line}: {message}")


def test_an_execretrieval_error_points_at_the_line_of_the_bad_item(tmp_path):
    text = _er_results([_er_query("q_1", [(1, "c_1", 0.5), (2, "c_2", None)])])
    path = _write(tmp_path / "m.json", text)
    with pytest.raises(DataError) as err:
        read_run_file(path)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if '"similarity": null' in l)
    assert str(err.value) == (f"{path}:{line}: field 'per_query.0.top_results.1.similarity': "
                              "expected a finite number, got null")
    text = _er_results([_er_query("q_1", [(1, "c_1", 0.5)]),
                        {"query_id": "q_2", "top_results": [{"rank": 1, "similarity": 0.3}]}])
    path = _write(tmp_path / "n.json", text)
    with pytest.raises(DataError) as err:
        read_run_file(path)
    lines = text.splitlines()  # the key is absent: the line of the item that lacks it
    line = next(i for i, l in enumerate(lines, 1) if l.strip() == "{" and '"rank": 1,' in lines[i]
                and '"similarity": 0.3' in lines[i + 1])
    assert str(err.value) == (f"{path}:{line}: field 'per_query.1.top_results.0.corpus_id': "
                              "missing or not a string")
    assert json_line('{"a": [0, {"b": 1}]}', ("a", 1, "b")) == 1
    assert json_line('{\n "a": [\n  0,\n  {"b": 1}\n ]\n}', ("a", 1)) == 4


# ---- the system entry -------------------------------------------------------------------------

def test_identity_is_the_resolved_file_and_its_sha256(tmp_path, monkeypatch):
    path = _write(tmp_path / "x.trec", TREC)
    spec = parse_system(f"run:{path}")
    assert spec.kind == "run" and spec.name == f"run:{path}"
    assert spec.identity == f"run:{path}@{read_run_file(path).sha256}"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match="more than once"):
        parse_systems(f"run:x.trec,run:{path}")
    assert parse_system("run:x.trec>consensus").run == spec.run
    retriever = make_retriever(spec)
    assert isinstance(retriever, PrecomputedRetriever) and retriever.name == f"run:{path}"
    _write(path, TREC.replace("9.0", "9.5"))
    assert parse_system(f"run:{path}").identity != spec.identity  # an edited file: another system
    with pytest.raises(UsageError, match="changed since it was named"):
        make_retriever(spec)
    with pytest.raises(UsageError, match="no such file"):
        parse_systems("bm25,run:missing.trec")


def test_search_keeps_the_corpus_given_in_execirs_order_and_top_k(tmp_path):
    retriever = PrecomputedRetriever.from_file(_write(tmp_path / "x.trec", TREC))
    assert retriever.name == "mine"  # the tag, when no display name is given
    corpus = {"t1-c": "", "t1-d0": "", "t2-c": "", "t2-d0": "", "t2-d1": ""}
    got = retriever.search({"q1": "", "q2": "", "q3": ""}, corpus, 2)
    assert got == {"q1": [("t1-c", 5.0), ("t1-d0", 5.0)], "q2": [("t2-d0", 2.0), ("t2-d1", 1.0)], "q3": []}
    with pytest.raises(ValueError):
        retriever.search({"q1": ""}, corpus, 0)


# ---- scored on a tiny release -----------------------------------------------------------------

def test_a_run_file_is_scored_by_executing_what_it_retrieved(tmp_path):
    release = make_release(tmp_path / "release")
    trec = _write(tmp_path / "x.trec", TREC)
    results = execir.evaluate(release, f"run:{trec}", cache_dir=tmp_path / "cache", replicates=200)
    name = f"run:{trec}"
    # exec@1: q0 distractor, q1 canonical (wins the tie by id), q2 t0's canonical (fails q2's
    # tests), q3 nothing -> 1/4; exec@3 adds q0's canonical at rank 2 -> 2/4
    assert results.metric(name, "exec@1") == pytest.approx(0.25)
    assert results.metric(name, "exec@3") == pytest.approx(0.5)
    assert results.metric(name, "exec@5") == pytest.approx(0.75)  # q2's canonical at rank 4
    assert results.runs[name]["q3"] == []
    assert results.runs[name]["q1"] == [("t1-c", 5.0), ("t1-d0", 5.0)]
    usage = results.config["usage"][name]
    assert usage["sha256"] == read_run_file(trec).sha256 and usage["format"] == "trec"
    assert (usage["unknown_queries"], usage["unknown_doc_ids"], usage["queries_not_in_run"],
            usage["reordered_queries"]) == (1, 1, 1, 1)


def test_the_coverage_line_is_printed_once_per_run_file(tmp_path, monkeypatch, capsys):
    bench = load_benchmark(make_release(tmp_path / "release"))
    run = PrecomputedRetriever.from_file(_write(tmp_path / "x.trec", TREC), "run:x.trec")
    expected = ("run:x.trec: 1 of 4 queries and 1 of 8 doc ids are not in tiny4 (dropped: queries "
                "qzzz; doc ids nope-1); the file has no ranking for 1 of tiny4's 4 queries (ranked "
                "empty, so misses: q3); the file's rank column disagrees with execir's order "
                "(score, then id) in 1 of 4 queries (q1; execir's order is scored)")
    assert run.coverage(bench) == expected
    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    with progress.command_display(quiet=False):
        report_coverage(bench, {"run:x.trec": run, "run:x.trec+bm25": FusionRetriever([run, BM25Retriever()])})
    assert capsys.readouterr().err.splitlines() == [expected]


def test_stacked_variants_are_scored_by_retrievers_only(tmp_path):
    bench = load_benchmark(make_release(tmp_path / "release"))
    run = PrecomputedRetriever.from_file(_write(tmp_path / "x.trec", TREC))
    rows = [{"task_id": "t0", "code": "def f0(x):\n    return x - 2\n", "n_mutations": 2}]
    scored = score_stacked(bench, rows, {"run": run, "bm25": BM25Retriever()})
    assert list(scored) == ["bm25"] and list(scored["bm25"]) == ["q0"]
    assert score_stacked(bench, rows, {"run": run}) == {}


def test_bm25_rankings_written_as_beir_json_rescore_to_the_same_leaderboard(tmp_path):
    """The round trip: BEIR results JSON of a real bm25 run, scored by ``execir evaluate``
    beside bm25 itself, gets bm25's every number."""
    release = make_release(tmp_path / "release")
    cache = tmp_path / "cache"
    bm25 = execir.evaluate(release, "bm25", cache_dir=cache, replicates=200).runs["bm25"]
    beir = tmp_path / "bm25-results.json"
    beir.write_text(json.dumps({q: dict(ranked) for q, ranked in bm25.items()}))
    out = tmp_path / "out"
    env = dict(os.environ, EXECIR_CACHE_DIR=str(cache), HF_HUB_OFFLINE="1", EXECIR_PROGRESS="plain")
    proc = subprocess.run([sys.executable, "-m", "execir.cli.commands", "evaluate", str(release), "--systems",
                           f"bm25,run:{beir}", "--out", str(out)], capture_output=True, text=True,
                          env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    line = (f"run:{beir}: 0 of 4 queries and 0 of 12 doc ids are not in tiny4; the file has no "
            "ranking for 0 of tiny4's 4 queries")
    assert proc.stderr.splitlines().count(line) == 1
    board = json.loads((out / "leaderboard.json").read_text())
    rows = {row["system"]: row for row in board["systems"]}
    assert rows[f"run:{beir}"]["metrics"] == rows["bm25"]["metrics"]
    runs = sorted((out / "runs").iterdir())
    assert [p.read_bytes() for p in runs][0] == [p.read_bytes() for p in runs][1]


@pytest.mark.parametrize("text, what", [("humaneval_0 Q0 t0-c 1 1.0 x\n", "no query id"),
                                        ("q0 Q0 nope-1 1 1.0 x\n", "no snippet id")])
def test_a_file_that_matches_nothing_of_the_benchmark_is_refused(tmp_path, text, what):
    # a fresh user's likeliest slip: task ids for query ids scored 0.000 and exited 0
    bench = load_benchmark(make_release(tmp_path / "release"))
    run = PrecomputedRetriever.from_file(_write(tmp_path / "x.trec", text), "run:x.trec")
    with pytest.raises(DataError, match=f"x.trec: {what} of the file is in tiny4"):
        run.coverage(bench)
