"""CoREB-format folders: round trip, byte-identical writes, one-line errors naming file/line/field."""

from __future__ import annotations

import json

import pytest

from execir.errors import DataError
from execir.formats.coreb import load_coreb, write_coreb_folder
from execir.formats.coreb import ANCHOR_MAP, COREB_FILES, CODE_CORPUS
from execir.formats.coreb_names import coreb_folder_query_id, split_subtask, subtask_name


def test_query_id_scheme():
    assert coreb_folder_query_id("t2c", "full_retro", "python", 1) == "q_t2c_full_retro_python_0001"
    assert coreb_folder_query_id("c2c", "cross_lang", "java", 2) == "q_c2c_cross_lang_0002"
    assert coreb_folder_query_id("c2t", "match", None, 641) == "q_c2t_match_0641"
    assert coreb_folder_query_id("t2c", "search", None, 7) == "q_t2c_search_any_0007"
    assert subtask_name("c2t", "canonical_retro", "go") == "c2t_canonical_retro_go"
    assert split_subtask("t2c", "t2c_canonical_retro_javascript") == ("canonical_retro", "javascript")
    assert split_subtask("c2c", "c2c_cross_lang") == ("cross_lang", None)
    assert split_subtask("t2c", "t2c_search_any") == ("search", None)


def test_round_trip_is_byte_identical(tiny, tmp_path):
    write_coreb_folder(tmp_path / "a", tiny)
    back = load_coreb(tmp_path / "a")
    assert back.qrels == tiny.qrels
    assert list(back.queries) == [q for t in ("t2c", "c2c", "c2t") for q, v in tiny.queries.items() if v.direction == t]
    for qid, q in tiny.queries.items():
        b = back.queries[qid]
        assert (b.text, b.direction, b.subtask, b.variant, b.language, b.task_id, b.anchor_id, b.anchor_language,
                b.label) == (q.text, q.direction, q.subtask, q.variant, q.language, q.task_id, q.anchor_id,
                             q.anchor_language, q.label)
    for did, d in tiny.corpus.items():
        b = back.corpus[did]
        assert (b.code, b.modality, b.task_id, b.language, b.passed, b.abbreviated, b.kind) == \
            (d.code, d.modality, d.task_id, d.language, d.passed, d.abbreviated, d.kind)
    assert json.loads((tmp_path / "a" / ANCHOR_MAP).read_text()) == {"q_c2c_cross_lang_0001": "c1py"}
    write_coreb_folder(tmp_path / "b", back)
    for name in COREB_FILES:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def _corrupt(folder, name, lineno, edit):
    path = folder / name
    lines = path.read_text().splitlines()
    obj = json.loads(lines[lineno - 1])
    edit(obj)
    lines[lineno - 1] = json.dumps(obj)
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("name,lineno,edit,field,message", [
    ("text2code_queries.jsonl", 2, lambda o: o.pop("split"), "split", "missing"),
    ("text2code_queries.jsonl", 1, lambda o: o.update(split="text2image"), "split", "expected one of"),
    ("text2code_queries.jsonl", 1, lambda o: o["meta"].pop("source_problem_id"), "meta.source_problem_id",
     "missing"),
    ("text2code_queries.jsonl", 1, lambda o: o.update(subtask="c2t_match"), "subtask", "starting with"),
    ("text2code_queries.jsonl", 1, lambda o: o.update(language_constraint="cobol"), "language_constraint",
     "expected none"),
    ("code2code_queries.jsonl", 1, lambda o: o.pop("anchor_language"), "anchor_language", "missing"),
    ("code2code_queries.jsonl", 1, lambda o: o["meta"].pop("anchor_code_id"), "meta.anchor_code_id", "missing"),
    ("code2text_queries.jsonl", 2, lambda o: o.update(label=3), "label", "expected 0 or 1"),
    (CODE_CORPUS, 3, lambda o: o["meta"].update(passed="yes"), "meta.passed", "expected true or false"),
    (CODE_CORPUS, 1, lambda o: o.pop("language"), "language", "missing"),
    ("text_corpus_v2.jsonl", 2, lambda o: o.update(text=5), "text", "expected a non-empty string"),
    ("text2code_qrels.jsonl", 2, lambda o: o.update(relevance="2"), "relevance", "not an integer"),
    ("text2code_qrels.jsonl", 2, lambda o: o.update(relevance=7), "relevance", "expected 0, 1 or 2"),
    ("text2code_qrels.jsonl", 1, lambda o: o.update(doc_id="t1"), "doc_id", "not in the code corpus"),
    ("code2text_qrels.jsonl", 1, lambda o: o.update(query_id="q_zzz"), "query_id", "not in the queries"),
])
def test_malformed_records_name_file_line_and_field(tiny, tmp_path, name, lineno, edit, field, message):
    write_coreb_folder(tmp_path, tiny)
    path = _corrupt(tmp_path, name, lineno, edit)
    with pytest.raises(DataError) as err:
        load_coreb(tmp_path)
    text = str(err.value)
    assert text.startswith(f"{path}:{lineno}: field '{field}': "), text
    assert message in text and "\n" not in text


def test_duplicates_missing_corpus_and_anchor_map(tiny, tmp_path):
    write_coreb_folder(tmp_path, tiny)
    path = tmp_path / "code2text_queries.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines + [lines[0]]) + "\n")
    with pytest.raises(DataError, match=rf"{path.name}:{len(lines) + 1}: field 'query_id': .*appears twice"):
        load_coreb(tmp_path)
    path.write_text("\n".join(lines) + "\n")
    (tmp_path / ANCHOR_MAP).write_text(json.dumps({"q_c2c_cross_lang_0001": "c2go"}))
    with pytest.raises(DataError, match="disagrees"):
        load_coreb(tmp_path)
    (tmp_path / ANCHOR_MAP).unlink()
    assert load_coreb(tmp_path).anchors() == {"q_c2c_cross_lang_0001": "c1py"}
    (tmp_path / CODE_CORPUS).rename(tmp_path / "code_corpus.jsonl")  # the name without _v2 also reads
    assert len(load_coreb(tmp_path).documents("code")) == 5
    (tmp_path / "code_corpus.jsonl").unlink()
    with pytest.raises(DataError, match="file not found"):
        load_coreb(tmp_path)


def test_a_qrels_file_without_its_queries_file_is_an_error(tiny, tmp_path):
    write_coreb_folder(tmp_path, tiny)
    (tmp_path / "code2code_queries.jsonl").unlink()  # c2c would silently score no query
    with pytest.raises(DataError) as err:
        load_coreb(tmp_path)
    assert str(err.value) == (f"{tmp_path / 'code2code_queries.jsonl'}: file not found, but "
                              "code2code_qrels.jsonl judges its queries")
    (tmp_path / "code2code_qrels.jsonl").unlink()
    (tmp_path / "c2c_anchor_map.json").write_text("{}")
    assert {q.direction for q in load_coreb(tmp_path).queries.values()} == {"t2c", "c2t"}
