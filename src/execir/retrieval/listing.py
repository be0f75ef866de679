"""Renderings of the invocation registry for ``execir models`` (JSON and a rich table)."""

from __future__ import annotations

from typing import Any

from execir.formats.files import dumps_json
from execir.retrieval.registry import list_entries


def models_json() -> str:
    """The whole registry as canonical JSON: a list of entry dicts sorted by name."""
    return dumps_json([e.to_dict() for e in list_entries()])


def _short(template: str, width: int = 34) -> str:
    text = template.replace("\n", "\\n")
    return "raw" if text == "{text}" else (text if len(text) <= width else text[: width - 1] + "…")


def models_table() -> Any:
    """A rich table (one row per entry) of the settings that matter for a fair run; the caller
    prints it on a console of its terminal's encoding (an ASCII terminal gets ASCII borders)."""
    from rich.table import Table

    table = Table(title=f"execir retrieval registry ({len(list_entries())} systems)")
    for col in ("name", "provider", "model id", "dims", "sim", "dtype", "batch", "query", "document", "papers"):
        table.add_column(col, overflow="fold")
    for e in list_entries():
        if e.provider == "lexical":
            bm = dict(e.bm25 or {})
            query = doc = f"k1={bm.get('k1')} b={bm.get('b')} {bm.get('tokenizer')}"
        else:
            query = e.query_task_type or _short(e.query_template)
            doc = e.document_task_type or _short(e.document_template)
        table.add_row(e.name, e.provider, e.model_id, str(e.dims or "-"), e.similarity if e.dims else "-",
                      e.dtype, str(e.batch_size), query, doc, ",".join(e.papers))
    return table
