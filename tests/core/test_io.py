import json
import math

import pytest

from execir.errors import DataError
from execir.formats.files import (atomic_write_text, format_qrels, load_benchmark, read_qrels, read_records,
                       read_run, verify_release, write_release, write_run)
from execir.records import Query, Snippet, Task, query_id_for, snippet_id_for


def _tiny_release(folder):
    task = Task(task_id="t/1", query="add two numbers", entry_point="add",
                canonical="def add(a, b):\n    return a + b\n", tests=("assert add(1, 2) == 3",),
                domain="math_numerical", source="unit")
    mutant = "def add(a, b):\n    return a - b\n"
    canon_id = snippet_id_for(task.task_id, task.canonical)
    mut_id = snippet_id_for(task.task_id, mutant)
    corpus = [Snippet(canon_id, task.canonical, task.task_id, "canonical"),
              Snippet(mut_id, mutant, task.task_id, "distractor",
                      mutation={"operator": "arith", "mutation_type": "wrong_operator"})]
    qid = query_id_for(task.task_id)
    write_release(folder, name="tiny", queries=[Query(qid, task.query, task.task_id, task.domain)],
                  corpus=corpus, qrels={qid: {canon_id: 2, mut_id: 1}}, tasks=[task],
                  manifest_extra={"seed": 0})
    return task, canon_id, mut_id, qid


def test_release_roundtrip(tmp_path):
    task, canon_id, mut_id, qid = _tiny_release(tmp_path)
    bench = load_benchmark(tmp_path)
    assert bench.name == "tiny"
    assert list(bench.queries) == [qid]
    assert bench.qrels == {qid: {canon_id: 2, mut_id: 1}}
    assert bench.tasks["t/1"] == task
    assert bench.corpus[mut_id].mutation["mutation_type"] == "wrong_operator"
    assert bench.manifest["counts"] == {"queries": 1, "corpus": 2, "canonicals": 1,
                                        "distractors": 1, "qrels": 2, "tasks": 1}
    assert bench.task_for_query(qid).entry_point == "add"


def test_release_is_byte_identical_when_rewritten(tmp_path):
    _tiny_release(tmp_path / "a")
    _tiny_release(tmp_path / "b")
    for name in ("queries.jsonl", "corpus.jsonl", "qrels/test.tsv", "tasks.jsonl", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_verify_release_detects_tampering(tmp_path):
    _tiny_release(tmp_path)
    (tmp_path / "corpus.jsonl").write_text("{}\n")
    with pytest.raises(DataError, match="corpus.jsonl: SHA-256 differs"):
        verify_release(tmp_path)


def test_read_records_names_file_line_and_field(tmp_path):
    path = tmp_path / "tasks.jsonl"
    good = {"task_id": "a", "query": "q", "entry_point": "f", "canonical": "def f(): pass", "tests": ["assert f() is None"]}
    bad = dict(good, task_id="b")
    del bad["entry_point"]
    path.write_text(json.dumps(good) + "\n\n" + json.dumps(bad) + "\n")
    with pytest.raises(DataError) as info:
        read_records(path, Task.from_dict)
    assert str(info.value) == f"{path}:3: field 'entry_point': missing"
    assert (info.value.line, info.value.field) == (3, "entry_point")


def test_read_records_not_json(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"a": 1}\nnot json\n')
    with pytest.raises(DataError, match=r"x.jsonl:2: not valid JSON"):
        read_records(path, dict)


def test_qrels_and_run_roundtrip(tmp_path):
    qrels = {"q2": {"b": 1, "a": 2}, "q1": {"c": 2}}
    text = format_qrels(qrels)
    assert text == "query-id\tcorpus-id\tscore\nq1\tc\t2\nq2\ta\t2\nq2\tb\t1\n"
    atomic_write_text(tmp_path / "q.tsv", text)
    assert read_qrels(tmp_path / "q.tsv") == qrels
    run = {"q1": [("c", 0.5), ("a", 0.25)]}
    write_run(tmp_path / "run.jsonl", run)
    assert read_run(tmp_path / "run.jsonl") == run


def test_atomic_write_leaves_no_temp_files(tmp_path):
    atomic_write_text(tmp_path / "f.txt", "one")
    atomic_write_text(tmp_path / "f.txt", "two")
    assert [p.name for p in tmp_path.iterdir()] == ["f.txt"]
    assert (tmp_path / "f.txt").read_text() == "two"


def test_atomic_write_is_world_readable(tmp_path):
    atomic_write_text(tmp_path / "r.txt", "x")
    assert (tmp_path / "r.txt").stat().st_mode & 0o777 == 0o644


def test_load_benchmark_rejects_a_qrel_naming_a_missing_snippet(tmp_path):
    from execir.errors import DataError
    from execir.formats.files import load_benchmark, write_release
    from execir.records import Query, Snippet, Task

    task = Task("t/a", "Identity.", "f", "def f(x):\n    return x\n", ("assert f(1) == 1",))
    write_release(tmp_path, name="r", queries=[Query("q-t_a", "Identity.", "t/a")],
                  corpus=[Snippet("t_a-1", task.canonical, "t/a", "canonical")],
                  qrels={"q-t_a": {"t_a-1": 2, "t_a-gone": 1}}, tasks=[task])
    with pytest.raises(DataError) as info:
        load_benchmark(tmp_path)
    msg = str(info.value)
    assert "qrels/test.tsv" in msg and ":3" in msg and "corpus-id" in msg and "t_a-gone" in msg


def test_a_line_over_the_size_limit_is_refused_naming_it(tmp_path, monkeypatch):
    from execir.errors import DataError
    from execir.formats.files import MAX_LINE_ENV, iter_jsonl

    path = tmp_path / "queries.jsonl"
    short = '{"query_id": "q1", "text": "add two numbers"}'
    long = '{"query_id": "q2", "text": "' + "x" * 200 + '"}'
    path.write_text(short + "\n" + long + "\n")
    assert len(list(iter_jsonl(path))) == 2  # the default limit is megabytes
    monkeypatch.setenv(MAX_LINE_ENV, str(len(short)))
    rows = iter_jsonl(path)
    assert next(rows)[1]["query_id"] == "q1"  # exactly at the limit: read
    with pytest.raises(DataError) as err:
        next(rows)
    assert err.value.line == 2 and f"line longer than {len(short):,} bytes" in str(err.value)
    assert MAX_LINE_ENV in str(err.value)
    monkeypatch.setenv(MAX_LINE_ENV, "lots")
    with pytest.raises(DataError, match="not a positive number of bytes: 'lots'"):
        list(iter_jsonl(path))


def test_rank_score_makes_another_evaluator_rank_as_execir_did(tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    # a tie at rank 1: execir breaks it by id ascending (a-canon first), trec_eval by id descending
    run = {"q1": [("a-canon", 1.0), ("b-mutant", 1.0), ("c-other", 0.5)]}
    write_run(tmp_path / "run.jsonl", run)
    row = json.loads((tmp_path / "run.jsonl").read_text())
    assert [r["rank_score"] for r in row["results"]] == [3, 2, 1]
    qrels = {"q1": {"a-canon": 2, "b-mutant": 1}}
    def ndcg1(scores):
        ev = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut"})
        return ev.evaluate({"q1": scores})["q1"]["ndcg_cut_5"]
    raw = ndcg1({r["id"]: r["score"] for r in row["results"]})
    ranked = ndcg1({r["id"]: float(r["rank_score"]) for r in row["results"]})
    ideal = 2 + 1 / math.log2(3)  # trec_eval's gains are the levels: 2 at rank 1, 1 at rank 2
    assert ranked == pytest.approx(1.0)  # execir's order: a-canon, then b-mutant
    assert raw == pytest.approx((1 + 2 / math.log2(3)) / ideal)  # b-mutant first


@pytest.mark.parametrize("written, stored", [("py", "python"), ("Python", "python"),
                                             ("C++", "cpp"), ("js", "javascript"),
                                             ("golang", "go"), ("rs", "rust")])
def test_a_task_language_is_stored_under_its_canonical_name(written, stored):
    task = Task.from_dict({"task_id": "t", "query": "q", "entry_point": "f", "canonical": "x",
                           "tests": ["assert f()"], "language": written})
    assert task.language == stored and task.to_dict()["language"] == stored


def test_a_failed_atomic_write_names_the_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    import errno

    from execir.formats import files

    target = tmp_path / "report.html"
    target.write_text("old")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError) as caught:
        files.atomic_write_text(target, "new")
    assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(target)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temp file left
