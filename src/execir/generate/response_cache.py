"""The LLM response cache: one JSON file per request under ``<cache root>/llm/<model folder>/``
(:func:`model_folder`: the model's slug and 8 hex digits of its SHA-256).

Answers are keyed by the model id the user names in ``--llm`` (two servers that both call their
model ``default`` share answers: name models distinctly).  A request's key is the SHA-256 of its model id, messages, sampling parameters and seed, written
as canonical JSON (:func:`request_key`), so the same request to any server that serves the same
model id reads the same answer.  Files are written atomically; a file that does not parse is
treated as absent (and overwritten by the next answer).  This cache is what makes an LLM-built
release rebuildable byte for byte with no network: ``execir cache prune`` lists it and never
removes it (an answer may have cost money).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.formats.files import atomic_write_text
from execir.paths import LLM_DIR, cache_root
from execir.records import slug


def request_key(model: str, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]) -> str:
    """SHA-256 hex of the canonical JSON of ``(model, messages, params)`` (``params`` holds the
    seed and every sampling setting)."""
    text = json.dumps({"model": model, "messages": list(messages), "params": dict(params)},
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def model_folder(model: str) -> str:
    """The folder of ``model``'s answers: its slug (dots at the ends dropped, at most 60
    characters) and 8 hex digits of its SHA-256, so no name escapes ``llm/`` or shares a
    folder with another."""
    readable = slug(model).strip(".")[:60] or "model"
    return f"{readable}-{hashlib.sha256(model.encode('utf-8')).hexdigest()[:8]}"


class ResponseCache:
    """Answers by request key (module docstring).

    Args:
        cache_dir: the cache root (:func:`execir.paths.cache_root`), or None for the default.
    """

    def __init__(self, cache_dir: str | os.PathLike[str] | None = None):
        self.root = cache_root(cache_dir) / LLM_DIR

    def _path(self, model: str, key: str) -> Path:
        return self.root / model_folder(model) / f"{key}.json"

    def get(self, model: str, key: str) -> dict[str, Any] | None:
        """The cached answer (``{"text", "finish_reason", "usage"}``) or None."""
        try:
            row = json.loads(self._path(model, key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return row if isinstance(row, dict) and isinstance(row.get("text"), str) else None

    def put(self, model: str, key: str, answer: Mapping[str, Any]) -> None:
        """Store ``answer`` atomically."""
        path = self._path(model, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(dict(answer), sort_keys=True, ensure_ascii=False) + "\n")
