"""A folder given as a system that is not a loadable model fails with one line, early."""

from __future__ import annotations

import json

import pytest

from execir.errors import UsageError
from execir.retrieval import make_retriever
from execir.retrieval.dense import check_model_folder, packaged_model_path
from execir.retrieval.registry import get_entry


def _msg(folder, detail):
    return f"system '{folder.resolve()}': not a model folder sentence-transformers can load ({detail})"


@pytest.mark.parametrize("files, detail", [
    ({"config.json": "{}"}, "config.json has no 'model_type'"),
    ({"config.json": "[1, 2]"}, "config.json is not a JSON object"),
    ({"notes.txt": "hello"}, "no modules.json or config.json"),
    ({"modules.json": json.dumps([{"idx": 0, "name": "0", "path": "0_Transformer",
                                   "type": "sentence_transformers.models.Transformer"}])},
     "modules.json names a missing module folder '0_Transformer'"),
    ({"modules.json": '{"not": "a list"}'}, "modules.json is not a list of modules"),
])
def test_not_a_model_folder_fails_at_construction(tmp_path, files, detail):
    folder = tmp_path / "somefolder"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    with pytest.raises(UsageError) as err:
        make_retriever(str(folder), device="cpu", cache_dir=tmp_path / "cache")
    assert str(err.value) == _msg(folder, detail)


def test_broken_json_is_named(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "config.json").write_text('{"model_type": ')
    with pytest.raises(UsageError, match=r"\(config.json: Expecting value"):
        make_retriever(str(folder), device="cpu", cache_dir=tmp_path / "cache")


def test_load_failure_after_the_checks_is_one_line(tmp_path):
    # Passes the cheap checks (a known model_type) but has no weights: the load fails, and
    # the error is the same one-line UsageError, not transformers' traceback.
    folder = tmp_path / "noweights"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": "bert"}))
    retriever = make_retriever(str(folder), device="cpu", use_cache=False)
    with pytest.raises(UsageError) as err:
        retriever.search({"q": "add"}, {"s": "def add(a, b): return a + b"}, 1)
    assert str(err.value).startswith(f"system '{folder.resolve()}': not a model folder "
                                     "sentence-transformers can load (")
    assert "\n" not in str(err.value)


def test_packaged_model_passes_the_checks():
    check_model_folder(packaged_model_path(get_entry("minilm")))  # raises on failure
