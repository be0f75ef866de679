"""Hugging Face folders (``execir export --format hf``): read by ``datasets`` and MTEB's loader,
read back by execir with the same scores, deterministic bytes, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyarrow", reason="the hf extra (pyarrow) is not installed")

from execir.errors import DataError  # noqa: E402
from execir.formats.folders import folder_format, load_folder, source_files  # noqa: E402
from execir.formats.hf import load_hf, write_hf  # noqa: E402
from execir.datasets.sources import export_source, load_source  # noqa: E402

SHIPPED = "humaneval@2"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """``(release, hf folder)``: humaneval@2 and its Hugging Face export."""
    root = tmp_path_factory.mktemp("hf")
    export_source(SHIPPED, root / "hf", "hf", cache_dir=root / "cache")
    return load_source(SHIPPED, cache_dir=root / "cache")[0], root / "hf"


def test_datasets_reads_every_config(exported, tmp_path):
    datasets = pytest.importorskip("datasets", reason="datasets is not installed (only tests need it)")
    bench, folder = exported
    load = lambda config: datasets.load_dataset(str(folder), config, split="test",  # noqa: E731
                                                cache_dir=str(tmp_path / "ds"))
    corpus, queries, qrels = load("corpus"), load("queries"), load("default")
    assert corpus.column_names == ["id", "title", "text"] and len(corpus) == 633
    assert corpus["id"] == list(bench.corpus) and corpus["text"] == [s.code for s in bench.corpus.values()]
    assert queries["id"] == list(bench.queries) and queries[0]["text"] == bench.queries["q-humaneval_0"].text
    got = {}
    for row in qrels:
        got.setdefault(row["query-id"], {})[row["corpus-id"]] = row["score"]
    assert got == bench.qrels and len(qrels) == 638
    assert qrels.features["score"].dtype == "int32"
    tasks = load("tasks")
    first = tasks[0]
    assert (first["task-id"], first["query-id"], first["entry_point"]) == ("HumanEval/0", "q-humaneval_0",
                                                                          "has_close_elements")
    assert first["tests"] == list(bench.tasks["HumanEval/0"].tests) and "canonical" not in tasks.column_names


def test_mteb_loader_reads_the_folder(exported):
    pytest.importorskip("mteb", reason="mteb is not installed")
    from mteb.abstasks.retrieval_dataset_loaders import RetrievalDatasetLoader

    bench, folder = exported
    data = RetrievalDatasetLoader(str(folder), revision=None).load()
    assert data["relevant_docs"] == bench.qrels
    assert len(data["corpus"]) == 633 and len(data["queries"]) == 135


def test_card_names_release_manifest_and_probe_card(exported):
    bench, folder = exported
    card = (folder / "README.md").read_text()
    head = card.split("\n---\n", 1)[0]
    assert "license: mit" in head and "- config_name: default\n  data_files:\n  - split: test\n" \
        "    path: qrels/test.parquet" in head
    import hashlib
    digest = hashlib.sha256((folder / "manifest.json").read_bytes()).hexdigest()
    assert f"- manifest.json SHA-256: {digest}" in card and "# humaneval v2" in card
    assert "- tasks: input=164, rejected=29, released=135" in card  # the build report's summary
    assert "135 families from 135 queries" in card  # its probe card, one row per probe
    assert "| medoid | 0.281 [0.207, 0.356] | 0.226 | +0.055 | 135 |" in card
    assert "| corpus | corpus/test.parquet | 633 |" in card


def test_folder_reads_back_as_the_release(exported):
    bench, folder = exported
    assert folder_format(folder) == "hf"
    back = load_folder(folder)
    assert back.fingerprint() == bench.fingerprint() and back.name == "humaneval"
    assert back.qrels == bench.qrels and back.manifest["version"] == "2" and "labels" not in back.manifest
    task = back.tasks["HumanEval/0"]
    assert (task.tests, task.entry_point, task.canonical) == (bench.tasks["HumanEval/0"].tests,
                                                              "has_close_elements", "")
    assert {s.task_id for s in back.corpus.values()} == {s.task_id for s in bench.corpus.values()}
    assert "tasks/test.parquet" in source_files(folder) and "README.md" in source_files(folder)


def test_export_is_byte_identical(exported, tmp_path):
    _, folder = exported
    export_source(SHIPPED, tmp_path / "again", "hf", cache_dir=tmp_path / "cache")
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(tmp_path / "again").as_posix()
                           for p in (tmp_path / "again").rglob("*") if p.is_file())
    assert "corpus/test.parquet" in files
    for rel in files:
        assert (folder / rel).read_bytes() == (tmp_path / "again" / rel).read_bytes(), rel


def test_round_trip_gives_the_same_leaderboard(exported, tmp_path):
    from execir.execution import Oracle
    from execir.workflow.pipeline import evaluate_release

    _, folder = exported
    quiet = lambda _m: None  # noqa: E731
    shipped = evaluate_release(SHIPPED, systems="bm25", out=tmp_path / "a", oracle=Oracle(quiet=True),
                               cache_dir=tmp_path / "cache", log=quiet)
    again = evaluate_release(folder, systems="bm25", out=tmp_path / "b", oracle=Oracle(quiet=True),
                             cache_dir=tmp_path / "cache", log=quiet)
    assert shipped["systems"][0]["metrics"]["exec@1"] == again["systems"][0]["metrics"]["exec@1"]
    assert (tmp_path / "a" / "leaderboard.json").read_bytes() == (tmp_path / "b" / "leaderboard.json").read_bytes()
    assert (tmp_path / "a" / "labels.jsonl").read_bytes() == (tmp_path / "b" / "labels.jsonl").read_bytes()


def test_grouped_source_round_trip(tiny, tmp_path):
    (tmp_path / "src").mkdir()
    written = write_hf(tiny, tmp_path / "hf", tmp_path / "src")
    assert "t2c_full_retro_any-corpus/test.parquet" in written and "c2t_match-qrels/test.parquet" in written
    assert "exec-qrels/test.parquet" in written and "corpus/test.parquet" not in written
    card = (tmp_path / "hf" / "README.md").read_text()
    assert "- config_name: c2c_cross_lang-qrels" in card and "license: unknown" in card
    back = load_hf(tmp_path / "hf")
    assert back.fingerprint() == tiny.fingerprint() and back.qrels == tiny.qrels
    assert {d: s.passed for d, s in back.corpus.items()} == {d: s.passed for d, s in tiny.corpus.items()}
    assert back.anchors() == {"q_c2c_cross_lang_0001": "c1py"}
    assert back.queries["q_c2t_match_0002"].label == 0 and back.queries["q_c2t_match_0002"].direction == "c2t"
    assert back.corpus["t1"].modality == "text" and back.corpus["c2go"].language == "go"


def test_abbreviated_view_is_its_subsets_corpus(tiny, tmp_path):
    from dataclasses import replace

    from execir.records import Query

    q = Query("q_c2t_canonical_retro_any_0001", tiny.corpus["c1py"].code, "P1", direction="c2t",
              subtask="c2t_canonical_retro_any", variant="canonical_retro", anchor_language="python", anchor_id="c1py")
    bench = replace(tiny, queries={**tiny.queries, q.query_id: q}, qrels={**tiny.qrels, q.query_id: {"t1": 2}})
    (tmp_path / "src").mkdir()
    write_hf(bench, tmp_path / "hf", tmp_path / "src")
    import pyarrow.parquet as pq
    rows = pq.read_table(tmp_path / "hf" / "c2t_canonical_retro_any-corpus" / "test.parquet").to_pylist()
    assert [(r["id"], r["text"]) for r in rows] == [("t1", "Sum of integers."), ("t1n", tiny.corpus["t1n"].code),
                                                    ("t2", "Maximum.")]
    back = load_hf(tmp_path / "hf")
    assert {d: s.abbreviated for d, s in back.documents("text").items()} == \
        {"t1": "Sum of integers.", "t1n": None, "t2": "Maximum."}
    assert back.corpus["t1"].code == tiny.corpus["t1"].code and back.fingerprint() == bench.fingerprint()


def _write_table(path: Path, columns: dict) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table(columns), path)


def test_malformed_rows_name_file_row_and_field(exported, tmp_path):
    import shutil

    _, folder = exported
    broken = tmp_path / "broken"
    shutil.copytree(folder, broken)
    _write_table(broken / "qrels" / "test.parquet",
                 {"query-id": ["q-humaneval_0", "q-humaneval_0"], "corpus-id": ["humaneval_0-40560c20a6", "nope"],
                  "score": [2, 1]})
    with pytest.raises(DataError) as err:
        load_hf(broken)
    assert str(err.value) == (f"{broken / 'qrels' / 'test.parquet'}:2: field 'corpus-id': document 'nope' is not "
                              "in a corpus config")
    _write_table(broken / "corpus" / "test.parquet", {"id": ["a", "b"], "title": ["", ""], "text": ["x", None]})
    with pytest.raises(DataError, match=r"corpus/test.parquet:2: field 'text': missing or not a string"):
        load_hf(broken)


def test_card_without_configs_is_no_hf_folder(tmp_path):
    (tmp_path / "README.md").write_text("# a model card\n")
    assert folder_format(tmp_path) is None
    (tmp_path / "README.md").write_text("---\nconfigs: [\n---\n")
    with pytest.raises(DataError, match="README.md: front matter is not YAML"):
        folder_format(tmp_path)
    (tmp_path / "README.md").write_text("---\nlicense: mit\n---\n")
    assert folder_format(tmp_path) is None
