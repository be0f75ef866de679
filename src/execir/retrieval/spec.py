"""``SystemSpec``: one ``--systems`` entry, parsed once.

Grammar of one entry::

    system    := retriever [ ">" reranker ]
    retriever := single ( "+" single )*          reciprocal-rank fusion of the parts
    single    := registry name or alias          (bm25, minilm, all-MiniLM-L6-v2 ...)
               | model folder                    (any sentence-transformers folder; ~ expanded)
               | "api:" provider "/" model       (openai, gemini, mistral, voyage)
               | "trained:" folder               (a model `execir train-retriever` wrote)
               | "run:" file                     (rankings made elsewhere: a TREC run, BEIR
                                                  results JSON or ExecRetrieval results file)
               | "mteb:" name                    (a model of MTEB's registry: execir.retrieval.mteb_models)

A folder (or ``run:`` file) whose own path contains ``+`` or ``>`` is taken as one when it
exists.  The parsed object owns the system's identity (what makes two entries the same system),
its display name (the entry as written) and its run-file name; every check and
:func:`execir.retrieval.make_retriever` use it, so nothing parses an entry twice.
"""

from __future__ import annotations

import json
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from execir.errors import UsageError
from execir.retrieval.registry import ModelEntry, default_registry, unknown_message
from execir.records import run_file_name

KINDS = ("registry", "folder", "api", "fusion", "run", "mteb")
_UNKNOWN = "unknown"  # only inside parse_systems, which reports clashes before unknown names


@dataclass(frozen=True)
class SystemSpec:
    """A parsed system entry.

    Attributes:
        text: the entry as written (stripped): the display name in leaderboards and reports.
        kind: one of :data:`KINDS`.
        entry: the registry entry (``kind == "registry"``).
        folder: the resolved model folder (``kind == "folder"``).
        api: ``provider/model`` (``kind == "api"``).
        parts: the fused systems (``kind == "fusion"``).
        reranker: the reranker named after ``>``, or None.
        run: the resolved run file and the SHA-256 of its bytes (``kind == "run"``).
        mteb: the MTEB registry name (``kind == "mteb"``).
    """

    text: str
    kind: str
    entry: ModelEntry | None = None
    folder: Path | None = None
    api: str | None = None
    parts: tuple["SystemSpec", ...] = ()
    reranker: str | None = None
    run: tuple[Path, str] | None = None
    mteb: str | None = None

    @property
    def name(self) -> str:
        """Display name: the entry as written."""
        return self.text

    @property
    def run_file(self) -> str:
        """File name of this system's run in a results folder (``runs/<run_file>``)."""
        return run_file_name(self.text)

    @property
    def identity(self) -> str:
        """What makes two entries the same system: the registry entry a name or alias resolves
        to, the folder a path resolves to, the lower-cased API spec, a run file's resolved path
        and SHA-256 (an edited file is another system); for a fusion the sorted
        identities of its parts (fusion is symmetric); ``>reranker`` appended."""
        if self.kind == "registry":
            base = f"registry:{self.entry.name.lower()}"
        elif self.kind == "folder":
            base = f"folder:{self.folder}"
        elif self.kind == "api":
            base = f"api:{self.api.lower()}"
        elif self.kind == "run":
            base = f"run:{self.run[0]}@{self.run[1]}"
        elif self.kind == "mteb":
            base = f"mteb:{self.mteb.lower()}"
        elif self.kind == _UNKNOWN:
            base = f"name:{self.text.lower()}"
        else:
            base = "fusion:" + "+".join(sorted(p.identity for p in self.parts))
        return base if self.reranker is None else f"{base}>{self.reranker.lower()}"

    def clash_keys(self) -> tuple[tuple[str, str], ...]:
        """Keys under which two entries of one ``--systems`` list collide: the identity, and the
        run file (case-insensitive: ``BM25`` and ``bm25`` collide on many file systems)."""
        return (("system", self.identity), ("run file", self.run_file.lower()))


def _existing_folder(text: str) -> Path | None:
    path = Path(text).expanduser()
    return path.resolve() if path.is_dir() else None


#: prefix of a model of MTEB's registry (:mod:`execir.retrieval.mteb_models`)
MTEB = "mteb:"
#: prefix of a bi-encoder trained by ``execir train-retriever`` (:mod:`execir.rerank.train_retriever`)
TRAINED = "trained:"


def trained_folder(text: str) -> Path:
    """The folder of ``trained:<text>``: a model folder whose ``execir_card.json`` says it is a
    bi-encoder.

    Raises:
        UsageError: no such folder, no card, or a card of another kind (a cross-encoder).
    """
    folder = _existing_folder(text.strip()) if text.strip() else None
    card = folder / "execir_card.json" if folder is not None else None
    if card is None or not card.is_file():
        raise UsageError(f"trained:{text}: not a folder written by `execir train-retriever` "
                         "(no execir_card.json)")
    try:
        kind = str(json.loads(card.read_text(encoding="utf-8")).get("kind", ""))
    except (OSError, ValueError, AttributeError) as exc:
        raise UsageError(f"{card}: unreadable model card ({exc})") from exc
    if "bi-encoder" not in kind:
        raise UsageError(f"trained:{text}: its card says {kind!r}; a cross-encoder is a reranker "
                         "(retriever>cross:<folder>)")
    return folder


#: prefix of a ranking made elsewhere (:mod:`execir.retrieval.precomputed`)
RUN = "run:"


def run_spec(text: str) -> SystemSpec:
    """The spec of ``run:FILE`` (``text``): the file resolved and hashed; its content is read
    when the retriever is made.

    Raises:
        UsageError: no such file.
    """
    from execir.formats.files import sha256_file

    path = Path(text[len(RUN):].strip()).expanduser()
    if not path.is_file():
        what = "a folder, not a file" if path.is_dir() else "no such file"
        raise UsageError(f"{text}: {what} (run:FILE takes a TREC run, a BEIR results JSON "
                         "or an ExecRetrieval results file)")
    path = path.resolve()
    return SystemSpec(text=text, kind="run", run=(path, sha256_file(path)))


def _parse_single(text: str, strict: bool) -> SystemSpec:
    if not text:
        raise UsageError("empty system name")
    if text.startswith(RUN):
        return run_spec(text)
    if text.startswith("api:"):  # the provider and model are checked when the client is made
        return SystemSpec(text=text, kind="api", api=text[len("api:"):])
    if text.startswith(TRAINED):
        return SystemSpec(text=text, kind="folder", folder=trained_folder(text[len(TRAINED):]))
    if text.startswith(MTEB):  # looked up in MTEB's registry when the model is made
        if not text[len(MTEB):].strip():
            raise UsageError(f"system {text!r}: expected mteb:NAME, a model of MTEB's registry")
        return SystemSpec(text=text, kind="mteb", mteb=text[len(MTEB):].strip())
    entry = default_registry().get(text)
    if entry is not None:
        return SystemSpec(text=text, kind="registry", entry=entry)
    folder = _existing_folder(text)
    if folder is not None:
        return SystemSpec(text=text, kind="folder", folder=folder)
    if not strict:
        return SystemSpec(text=text, kind=_UNKNOWN)
    raise UsageError(unknown_message(text))


def parse_system(text: str) -> SystemSpec:
    """Parse one entry (see the module docstring).

    Raises:
        UsageError: an empty entry or part, or an unknown name (the message lists close names).
    """
    return _parse(text, strict=True)


def _parse(text: str, *, strict: bool) -> SystemSpec:
    text = text.strip()
    if not text:
        raise UsageError("empty system name")
    folder = _existing_folder(text)
    if folder is not None and ("+" in text or ">" in text):
        return SystemSpec(text=text, kind="folder", folder=folder)
    if (text.startswith(RUN) and ("+" in text or ">" in text)
            and Path(text[len(RUN):].strip()).expanduser().is_file()):
        return run_spec(text)
    if text.startswith(TRAINED) and ("+" in text or ">" in text):  # a folder name holding + or >
        head, _, tail = text.rpartition(">")
        for whole, reranker in ((text, None), (head.strip(), tail.strip() or None)):
            if whole and _existing_folder(whole[len(TRAINED):]) is not None:
                base = SystemSpec(text=whole, kind="folder", folder=trained_folder(whole[len(TRAINED):]))
                return base if reranker is None else dataclasses.replace(base, text=text, reranker=reranker)
    reranker = None
    retriever = text
    if ">" in text:
        retriever, _, reranker = (p.strip() for p in text.partition(">"))
        if not retriever or not reranker or ">" in reranker:
            raise UsageError(f"system {text!r}: expected retriever>reranker")
    if "+" in retriever:
        parts = tuple(_parse_single(p.strip(), strict) for p in retriever.split("+"))
        base = SystemSpec(text=retriever, kind="fusion", parts=parts)
    else:
        base = _parse_single(retriever, strict)
    if reranker is None:
        return base
    return dataclasses.replace(base, text=text, reranker=reranker)


#: rerankers that are construction-artefact probes, not methods: they read neither the query nor
#: the tests (:mod:`execir.rerank.medoid_reranker`; :mod:`execir.probes`)
PROBE_RERANKERS = frozenset({"medoid"})


def first_stage_key(system: str) -> str:
    """What identifies the first stage of ``system`` (a display name such as ``minilm>consensus``
    or ``all-MiniLM-L6-v2``): its :attr:`SystemSpec.identity` without the reranker, so two
    spellings of one retriever (``minilm`` / ``all-MiniLM-L6-v2``, ``trained:X`` / ``trained:X/.``)
    agree; a name that no longer parses (a folder gone, an object's name) is its text before
    ``>``."""
    try:
        spec = _parse(system, strict=False)
    except UsageError:
        return "name:" + system.partition(">")[0].strip().lower()
    if spec.kind == _UNKNOWN and not spec.parts:
        return "name:" + system.partition(">")[0].strip().lower()
    return dataclasses.replace(spec, reranker=None).identity


def is_probe(system: str) -> bool:
    """True for a system whose last stage is a probe (``minilm>medoid``, ``bm25>medoid:0.9``): the
    leaderboard lists it as a probe, never ranked among the methods."""
    _, sep, reranker = system.rpartition(">")
    return bool(sep) and reranker.split(":", 1)[0].strip().lower() in PROBE_RERANKERS


_SETTING = re.compile(r"\s*[A-Za-z_]\w*\s*=")


def split_systems(text: str) -> list[str]:
    """The entries of a ``--systems`` list: split at commas, except that a piece written
    ``key=value`` continues the settings of the reranker before it, so
    ``"bm25,minilm>consensus:inputs=16,temperature=0.1"`` is two entries."""
    out: list[str] = []
    for piece in text.split(","):
        last = out[-1] if out else ""
        if _SETTING.match(piece) and ">" in last and ":" in last.rpartition(">")[2]:
            out[-1] = f"{last},{piece}"
        else:
            out.append(piece)
    return out


def parse_systems(systems: str | Sequence[str]) -> list[SystemSpec]:
    """Parse ``"bm25,minilm"`` (or a list of entries; :func:`split_systems`) into specs, in order.

    Raises:
        UsageError: an empty list, an unusable entry (:func:`parse_system`), or two entries that
            are the same system or would write the same run file: equal up to case
            (``BM25,bm25``), a registry name and its alias or model id
            (``minilm,all-MiniLM-L6-v2``), two spellings of one model folder, a fusion in two
            orders (``bm25+minilm,minilm+bm25``), or names whose ``runs/<system>.jsonl``
            coincide (``a/b,a_b``).
    """
    texts = [s.strip() for s in (split_systems(systems) if isinstance(systems, str) else systems)]
    texts = [s for s in texts if s]
    if not texts:
        raise UsageError("--systems is empty; give at least one system, e.g. bm25,minilm")
    specs = [_parse(t, strict=False) for t in texts]
    first: dict[tuple[str, str], str] = {}
    clashes: dict[str, list[str]] = {}  # first spelling -> every spelling of that system
    for spec in specs:
        keys = spec.clash_keys()
        seen = next((first[key] for key in keys if key in first), None)
        if seen is not None:
            clashes.setdefault(seen, [seen]).append(spec.text)
        for key in keys:
            first.setdefault(key, seen or spec.text)
    if clashes:
        parts = []
        for head, group in clashes.items():
            spellings = list(dict.fromkeys(group))
            parts.append(head if len(spellings) == 1 else f"{head} (as {', '.join(spellings)})")
        raise UsageError(f"--systems lists {'; '.join(parts)} more than once")
    for spec in specs:
        for part in spec.parts or (spec,):
            if part.kind == _UNKNOWN:
                raise UsageError(unknown_message(part.text))
    return specs
