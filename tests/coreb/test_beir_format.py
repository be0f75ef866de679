"""BEIR folders in and out, and an execir release exported in CoREB format."""

from __future__ import annotations

import json
import math

import pytest

from execir.errors import DataError
from execir.evaluation.evaluate import score_runs
from execir.formats.beir import export_multitask_beir, export_release_beir, load_beir
from execir.formats.convert import release_as_multitask
from execir.formats.coreb import load_coreb, write_coreb_folder
from execir.records import Benchmark, Query, Snippet, Task


def _release() -> Benchmark:
    tasks = {f"T/{i}": Task(f"T/{i}", f"query {i}", "f", f"def f(): return {i}", ("assert f() == 0",))
             for i in range(2)}
    queries = {f"q-t_{i}": Query(f"q-t_{i}", f"query {i}", f"T/{i}") for i in range(2)}
    corpus = {}
    qrels: dict[str, dict[str, int]] = {}
    for i in range(2):
        corpus[f"t_{i}-c"] = Snippet(f"t_{i}-c", f"def f(): return {i}", f"T/{i}", "canonical")
        corpus[f"t_{i}-m"] = Snippet(f"t_{i}-m", f"def f(): return {i + 1}", f"T/{i}", "distractor",
                                     mutation={"operator": "int_plus_one"})
        qrels[f"q-t_{i}"] = {f"t_{i}-c": 2, f"t_{i}-m": 1}
    return Benchmark("mini", queries, corpus, qrels, tasks, {"version": "1"})


def test_release_to_beir_and_back(tmp_path):
    rel = _release()
    export_release_beir(rel, tmp_path / "beir")
    assert sorted(p.name for p in (tmp_path / "beir").iterdir()) == ["corpus.jsonl", "qrels", "queries.jsonl"]
    back = load_beir(tmp_path / "beir", target="code")
    assert back.qrels == rel.qrels
    assert {d: doc.code for d, doc in back.corpus.items()} == {s: sn.code for s, sn in rel.corpus.items()}
    assert all(doc.modality == "code" for doc in back.corpus.values())
    assert back.queries["q-t_1"].text == "query 1" and back.queries["q-t_1"].target == "code"
    run = {"q-t_0": [("t_0-m", 2.0), ("t_0-c", 1.0)], "q-t_1": [("t_1-c", 1.0)]}
    ev = score_runs(back, {"s": run}, match_negatives="keep")
    assert ev.per_query["s"]["recall@1"].tolist() == [0.0, 1.0]


def test_release_as_coreb(tmp_path):
    mt = release_as_multitask(_release())
    assert list(mt.queries) == ["q_t2c_full_retro_python_0001", "q_t2c_full_retro_python_0002"]
    write_coreb_folder(tmp_path, mt)
    back = load_coreb(tmp_path)
    assert back.qrels["q_t2c_full_retro_python_0002"] == {"t_1-c": 2, "t_1-m": 1}
    assert back.corpus["t_1-m"].passed is False and back.corpus["t_1-c"].passed is True
    first = json.loads((tmp_path / "text2code_queries.jsonl").read_text().splitlines()[0])
    assert first["meta"] == {"execir_query_id": "q-t_0", "source_problem_id": "T/0"}
    assert first["split"] == "text2code" and first["language_constraint"] == "python"


def test_multitask_to_beir_per_task(tiny, tmp_path):
    assert export_multitask_beir(tiny, tmp_path) == ["text2code", "code2code", "code2text"]
    c2c = load_beir(tmp_path / "code2code", target="code")
    assert c2c.qrels == {"q_c2c_cross_lang_0001": {"c1java": 2, "c1bad": 1}}
    meta = json.loads((tmp_path / "code2code" / "queries.jsonl").read_text())["metadata"]
    assert meta["anchor_code_id"] == "c1py" and meta["language"] == "python"
    assert len(load_beir(tmp_path / "code2text").corpus) == 3


def test_beir_errors_name_file_line_field(tmp_path):
    (tmp_path / "qrels").mkdir()
    (tmp_path / "corpus.jsonl").write_text('{"_id": "d1", "text": "x"}\n{"_id": "d2"}\n')
    (tmp_path / "queries.jsonl").write_text('{"_id": "q1", "text": "y"}\n')
    (tmp_path / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n")
    with pytest.raises(DataError) as err:
        load_beir(tmp_path)
    assert str(err.value) == f"{tmp_path / 'corpus.jsonl'}:2: field 'text': missing or not a string"
    (tmp_path / "corpus.jsonl").write_text('{"_id": "d1", "title": "T", "text": "x"}\n')
    (tmp_path / "qrels" / "test.tsv").write_text("q1\td9\t1\n")
    with pytest.raises(DataError, match="test.tsv:1: field 'corpus-id': document 'd9' is not in corpus.jsonl"):
        load_beir(tmp_path)
    (tmp_path / "qrels" / "test.tsv").write_text("q1\td1\t1\n")
    assert load_beir(tmp_path).corpus["d1"].code == "T\nx"


def test_multitask_beir_folders_read_back_as_their_task(tiny, tmp_path):
    export_multitask_beir(tiny, tmp_path)
    c2c = load_beir(tmp_path / "code2code")
    q = c2c.queries["q_c2c_cross_lang_0001"]
    assert (q.direction, q.variant, q.anchor_id, q.anchor_language) == ("c2c", "cross_lang", "c1py", "python")
    assert c2c.corpus["c1bad"].modality == "code" and c2c.corpus["c1bad"].passed is False
    c2t = load_beir(tmp_path / "code2text")
    assert c2t.queries["q_c2t_match_0002"].label == 0 and c2t.corpus["t1"].modality == "text"


def test_plain_beir_cannot_be_written_as_coreb(tmp_path):
    export_release_beir(_release(), tmp_path / "b")
    from execir.errors import UsageError
    with pytest.raises(UsageError, match="no CoREB split"):
        write_coreb_folder(tmp_path / "c", load_beir(tmp_path / "b"))


def test_gzipped_beir_folder_reads_like_the_plain_one(tmp_path):
    import gzip
    import shutil

    export_release_beir(_release(), tmp_path / "plain")
    (tmp_path / "gz" / "qrels").mkdir(parents=True)
    for rel in ("corpus.jsonl", "queries.jsonl", "qrels/test.tsv"):
        (tmp_path / "gz" / f"{rel}.gz").write_bytes(gzip.compress((tmp_path / "plain" / rel).read_bytes()))
    plain, packed = load_beir(tmp_path / "plain", target="code"), load_beir(tmp_path / "gz", target="code")
    assert packed.qrels == plain.qrels == {"q-t_0": {"t_0-c": 2, "t_0-m": 1}, "q-t_1": {"t_1-c": 2, "t_1-m": 1}}
    assert {d: doc.code for d, doc in packed.corpus.items()} == {d: doc.code for d, doc in plain.corpus.items()}
    from execir.formats.folders import folder_format
    assert folder_format(tmp_path / "gz") == "beir"
    shutil.rmtree(tmp_path / "gz" / "qrels")
    (tmp_path / "gz" / "qrels").mkdir()
    (tmp_path / "gz" / "qrels" / "test.tsv.gz").write_bytes(gzip.compress(b"q-t_0\tnope\t1\n"))
    with pytest.raises(DataError, match="test.tsv.gz:1: field 'corpus-id': document 'nope'"):
        load_beir(tmp_path / "gz")


def test_exported_release_scores_like_the_release(tmp_path):
    """The BEIR corpus carries no role; the canonical of a query is then its own task's level-2
    item, not another task's snippet that passes its tests (the cross-task sweep's level 2)."""
    import dataclasses

    rel = _release()
    rel.qrels["q-t_0"]["t_1-c"] = 2  # T/1's canonical passes T/0's tests too
    export_release_beir(rel, tmp_path / "beir")
    row = json.loads((tmp_path / "beir" / "corpus.jsonl").read_text().splitlines()[1])
    assert row == {"_id": "t_0-m", "metadata": {"language": "python", "task_id": "T/0"}, "text": "def f(): return 1",
                   "title": ""}
    back = load_beir(tmp_path / "beir", target="code")
    assert {d.kind for d in back.corpus.values()} == {""}
    run = {"q-t_0": [("t_1-c", 3.0), ("t_0-c", 2.0), ("t_0-m", 1.0)], "q-t_1": [("t_1-c", 1.0)]}
    for bench in (dataclasses.replace(rel, tasks={}), back):
        m = score_runs(bench, {"s": run}, match_negatives="keep").per_query["s"]
        assert m["canonical_ndcg@1"].tolist() == [0.0, 1.0]  # t_1-c is no canonical of q-t_0
        assert m["canonical_ndcg@3"][0] == pytest.approx(1 / math.log2(3))  # t_0-c at rank 2
        assert m["ndcg@1"].tolist() == [1.0, 1.0]  # graded relevance still counts t_1-c
