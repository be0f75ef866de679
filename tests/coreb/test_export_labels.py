"""Exports carry labels only in qrels (issue 55 item 5): every corpus file that ``execir export``
writes from a shipped release (BEIR, Hugging Face) is scanned for label fields and label values.
CoREB's own format is left out on purpose: its published code corpus records ``meta.passed``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from execir.datasets.sources import export_source

#: fields that say what a document is (its role, its mutation, its verdict)
LABEL_FIELDS = {"kind", "mutation", "mutation_type", "operator", "passed", "label", "bug_type",
                "bug_description", "failing_tests", "is_canonical", "role"}
#: values that say it, wherever they stand (outside the document's own text)
LABEL_VALUES = {"canonical", "distractor", "mutant", "solution", "failed_solution", "hard_negative",
                "correct", "incorrect", "description"}


def leaks(row: Any, where: str = "") -> list[str]:
    """Every label field or label value in a corpus row (its ``text`` and ``title`` excepted)."""
    found = []
    if isinstance(row, dict):
        for key, value in row.items():
            if key in ("text", "title") and not where:
                continue
            if key in LABEL_FIELDS:
                found.append(f"{where}{key}")
            found += leaks(value, f"{where}{key}.")
    elif isinstance(row, list):
        for item in row:
            found += leaks(item, where)
    elif isinstance(row, str) and row in LABEL_VALUES:
        found.append(f"{where}={row}")
    return found


def _corpus_rows(folder: Path) -> dict[str, list[dict]]:
    """``{file: rows}`` of every corpus file under an export (BEIR ``corpus.jsonl``, Hugging Face
    ``corpus`` / ``*-corpus`` parquet, and the judge-side ``document-info``)."""
    out = {}
    for path in sorted(folder.rglob("corpus.jsonl")):
        out[str(path)] = [json.loads(line) for line in path.read_text().splitlines()]
    for path in sorted(folder.rglob("*.parquet")):
        if path.parent.name in ("corpus", "document-info") or path.parent.name.endswith("-corpus"):
            import pyarrow.parquet as pq

            rows = pq.read_table(path).to_pylist()
            out[str(path)] = [{**r, "metadata": json.loads(r["metadata"])} if "metadata" in r else r for r in rows]
    return out


def test_the_scan_finds_labels():
    from execir.records import Snippet

    old_row = Snippet("t-1", "def f(): pass", "T", "distractor", mutation={"operator": "x"}).to_beir()
    assert leaks(old_row) == ["metadata.kind", "metadata.kind.=distractor", "metadata.mutation",
                              "metadata.mutation.operator"]
    assert leaks({"_id": "d", "text": "canonical", "metadata": {"task_id": "T"}}) == []


#: corpus files each export writes: BEIR (one per task) and Hugging Face (per subtask, plus document-info)
FILES = {"humaneval@2": {"beir": 1, "hf": 2}, "execir-poly": {"beir": 3, "hf": 37 + 1}}


@pytest.mark.parametrize("source, fmt", [("humaneval@2", "beir"), ("humaneval@2", "hf"), ("execir-poly", "beir"),
                                         ("execir-poly", "hf")])
def test_exported_corpora_carry_no_label(source, fmt, tmp_path):
    if fmt == "hf":
        pytest.importorskip("pyarrow", reason="the hf extra (pyarrow) is not installed")
    export_source(source, tmp_path / fmt, fmt, cache_dir=tmp_path / "cache")
    files = _corpus_rows(tmp_path / fmt)
    assert len(files) == FILES[source][fmt]
    for path, rows in files.items():
        assert rows, path
        found = sorted({f for row in rows for f in leaks(row)})
        assert not found, f"{path}: {found}"
        if "document-info" not in path and path.endswith(".parquet"):
            assert sorted(rows[0]) == ["id", "text", "title"], path
