"""Typed records shared by every stage of the pipeline.

The records are plain frozen dataclasses so they hash, compare and serialise cheaply.  Each has
``to_dict`` / ``from_dict``; ``from_dict`` raises :class:`RecordError` naming the missing or
ill-typed field, and :mod:`execir.formats.files` adds the file and line number to that message.

Identifiers
-----------
* ``Task.task_id`` — dataset-given, e.g. ``"HumanEval/0"``.
* ``Query.query_id`` — ``"q-" + slug(task_id)``.
* ``Snippet.snippet_id`` — ``slug(task_id) + "-" + sha256(code)[:10]``.  The id is derived from
  the code, never from the snippet's role, so the single tie rule (score descending, then id
  ascending) does not systematically favour canonicals over distractors when scores tie.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

#: Graded relevance levels written to ``qrels/test.tsv`` (CoREB §3: 2 = passes, 1 = hard negative).
REL_CANONICAL = 2
REL_HARD_NEGATIVE = 1

#: the two kinds of benchmark (:attr:`Benchmark.kind`): ExecRetrieval's one text-to-code task, and
#: the multitask kind (CoREB's tasks x subtasks x languages) whose queries carry a subtask
SINGLE_TASK = "single-task"
MULTITASK = "multitask"

KIND_CANONICAL = "canonical"
KIND_DISTRACTOR = "distractor"

#: The six mutation types of ExecRetrieval §3.2 (the locked-prompt bug types), in table-2 order.
SIX_TYPES: tuple[str, ...] = (
    "off_by_one",
    "wrong_operator",
    "swap_arguments",
    "remove_edge_case_check",
    "wrong_comparison",
    "off_by_one_boundary",
)
#: Type label of the classical extra operators (not one of the six).
EXTENDED = "extended"

#: The two corpora (CoREB §3): programs and descriptions.
CODE = "code"
TEXT = "text"
#: the language slice of a query that names none
ANY = "any"
#: which corpus each query direction ranks.
TARGET: dict[str, str] = {"t2c": CODE, "c2c": CODE, "c2t": TEXT}


class RecordError(ValueError):
    """A record lacks a field or a field has the wrong type.

    Attributes:
        field: the offending field name.
    """

    def __init__(self, field_name: str, message: str):
        super().__init__(f"field '{field_name}': {message}")
        self.field = field_name
        self.detail = message


def sha256_text(text: str) -> str:
    """Hex SHA-256 of ``text`` encoded as UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_SLUG_RE = re.compile(r"[^A-Za-z0-9_.]+")


def slug(text: str) -> str:
    """Lower-case, filesystem- and TSV-safe form of an id: runs of other characters become ``_``."""
    return _SLUG_RE.sub("_", text).strip("_").lower()


_RUN_FILE_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")


def run_file_name(system: str) -> str:
    """File name of a system's run in a results folder (``runs/<this>``): characters other than
    ``A-Za-z0-9_.+-`` become ``_``; ``system.jsonl`` when nothing is left."""
    stem = _RUN_FILE_UNSAFE.sub("_", system).strip("._") or "system"
    return f"{stem}.jsonl"


def query_id_for(task_id: str) -> str:
    """Deterministic query id of a task."""
    return f"q-{slug(task_id)}"


def snippet_id_for(task_id: str, code: str) -> str:
    """Deterministic snippet id: task slug plus the first 10 hex digits of sha256(code)."""
    return f"{slug(task_id)}-{sha256_text(code)[:10]}"


def _require(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise RecordError(name, "missing")
    value = data[name]
    if not isinstance(value, kind):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(name, f"expected {expected}, got {type(value).__name__}")
    return value


def _str_list(data: Mapping[str, Any], name: str, *, required: bool = True) -> tuple[str, ...]:
    if name not in data and not required:
        return ()
    value = _require(data, name, list)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise RecordError(name, f"item {i} is {type(item).__name__}, expected str")
    return tuple(value)


@dataclass(frozen=True)
class Task:
    """One benchmark task: a natural-language query, its canonical solution and its oracle.

    Attributes:
        task_id: dataset-given id, unique within a dataset.
        query: the natural-language request (what a developer would type).
        entry_point: name of the function the tests call.
        canonical: source of the reference implementation (passes every test).
        tests: the oracle, one self-contained test per item (usually one ``assert``).  Any set-up
            a test needs (imports, helper lines, ``candidate = entry_point``) is inside the test
            string itself, so ``(code, test)`` alone decides the outcome.  In another language
            each test is a function-level harness in that language, run against the snippet by
            :mod:`execir.execution.languages` (one program per (snippet, test)): C++ -- a test
            with ``int main()`` (``assert`` or a throw; common headers are added); Java -- a
            test class ``Main`` with ``main`` (imports hoisted); Go -- a ``func TestX(t
            *testing.T)`` (``package main`` and imports optional; testify's ``assert`` works);
            Rust -- a ``#[cfg(test)] mod tests``; JavaScript and Ruby -- statements run after
            the snippet (``console.assert`` / ``assert`` / ``assert_equal`` fail the test).  A
            test must name the entry point (gate 2).
        language: programming language of ``canonical`` (``"python"`` by default; ``"cpp"``,
            ``"java"``, ``"go"``, ``"ruby"``, ``"javascript"``, ``"rust"`` are built too).
        domain: optional topical domain (e.g. ``"geometry"``), used by per-domain analyses.
        source: dataset name this task came from.
        metadata: free-form extra fields, JSON-serialisable.
    """

    task_id: str
    query: str
    entry_point: str
    canonical: str
    tests: tuple[str, ...]
    language: str = "python"
    domain: str | None = None
    source: str = ""
    metadata: Mapping[str, Any] = field(default_factory=dict)

    @property
    def query_id(self) -> str:
        return query_id_for(self.task_id)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tests"] = list(self.tests)
        data["metadata"] = dict(self.metadata)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Task":
        """Build a task from a mapping; raises :class:`RecordError` on a missing/ill-typed field,
        or a ``language`` the oracle does not run (aliases such as ``js`` are kept as given)."""
        domain = data.get("domain")
        if domain is not None and not isinstance(domain, str):
            raise RecordError("domain", f"expected str, got {type(domain).__name__}")
        language = _check_language(data.get("language", "python"))
        return cls(
            task_id=_require(data, "task_id", str),
            query=_require(data, "query", str),
            entry_point=_require(data, "entry_point", str),
            canonical=_require(data, "canonical", str),
            tests=_str_list(data, "tests"),
            language=language,
            domain=domain,
            source=data.get("source", "") or "",
            metadata=dict(data.get("metadata") or {}),
        )


def _check_language(language: Any) -> str:
    """``language`` under its canonical name (``"py"``, ``"Python"`` -> ``"python"``); raises
    :class:`RecordError` (field ``language``) unless the oracle runs it."""
    from execir.execution.toolchains import LANGUAGES, canonical

    if not isinstance(language, str):
        raise RecordError("language", f"expected str, got {type(language).__name__}")
    try:
        return canonical(language)
    except ValueError:
        raise RecordError("language", f"unknown language {language!r}; the oracle runs "
                                      f"{', '.join(LANGUAGES)}") from None


@dataclass(frozen=True)
class Snippet:
    """One corpus entry: a program, or (in a text corpus, CoREB's code-to-text task) a description.

    Attributes:
        snippet_id: deterministic id (see module docstring; CoREB's ``code_id`` / ``text_id``).
        code: the text that is embedded (and, for a program, executed); a description's text in a
            text corpus.
        task_id: the task (problem) the entry was derived from; ``""`` when unknown.
        kind: role of the entry: ``"canonical"`` / ``"distractor"`` in an execir release;
            ``solution`` / ``mutant`` / ``failed_solution`` (code), ``description`` /
            ``hard_negative`` / ``text`` (text), or what a CoREB or BEIR record says.
        language: a program's language; None for a description.
        mutation: for distractors, the mutation record (operator, mutation_type, span, before,
            after, bug_description, edit_size, failing_tests); ``None`` for canonicals.
        modality: the corpus it belongs to: :data:`CODE` or :data:`TEXT`.
        passed: the program passes every test of its task (CoREB ``meta.passed``), None when the
            source does not say (an execir release decides it by running the oracle).
        abbreviated: the 50-150 word view of a description (CoREB ``abbreviated_text``).
        meta: every other field of a CoREB or BEIR source record, kept for export.
    """

    snippet_id: str
    code: str
    task_id: str
    kind: str
    language: str | None = "python"
    mutation: Mapping[str, Any] | None = None
    modality: str = CODE
    passed: bool | None = None
    abbreviated: str | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_beir(self) -> dict[str, Any]:
        """BEIR corpus row: ``_id``, ``title``, ``text`` plus a ``metadata`` object."""
        meta: dict[str, Any] = {"task_id": self.task_id, "kind": self.kind, "language": self.language}
        if self.mutation is not None:
            meta["mutation"] = dict(self.mutation)
        return {"_id": self.snippet_id, "title": "", "text": self.code, "metadata": meta}

    @classmethod
    def from_beir(cls, data: Mapping[str, Any]) -> "Snippet":
        meta = data.get("metadata") or {}
        if not isinstance(meta, Mapping):
            raise RecordError("metadata", "expected object")
        kind = meta.get("kind", KIND_CANONICAL)
        if kind not in (KIND_CANONICAL, KIND_DISTRACTOR, ""):  # "": a copy of a label-free export (roles in qrels)
            raise RecordError("metadata.kind", f"expected 'canonical', 'distractor' or '', got {kind!r}")
        return cls(
            snippet_id=_require(data, "_id", str),
            code=_require(data, "text", str),
            task_id=str(meta.get("task_id", "")),
            kind=kind,
            language=str(meta.get("language", "python")),
            mutation=meta.get("mutation"),
        )


@dataclass(frozen=True)
class Query:
    """One query: id, text, the task whose oracle judges what it retrieves, and what it ranks.

    An execir release's query is a text-to-code query of its task; a CoREB benchmark's queries
    belong to one of three directions over two corpora (CoREB §3, appendix A.3): ``t2c`` (a
    description ranks the code corpus), ``c2t`` (a program ranks the text corpus) and ``c2c`` (a
    program, the *anchor*, ranks the code corpus without itself, appendix B.9); ``beir`` is a plain
    BEIR folder's query.

    Attributes:
        query_id: unique id (CoREB's scheme for CoREB-format releases, appendix A.4).
        text: what is embedded: a description (t2c) or a program (c2t, c2c).
        task_id: the task (seed problem) whose tests judge retrieved code.
        domain: optional topical domain of the task.
        direction: ``t2c`` / ``c2t`` / ``c2c`` / ``beir``.
        subtask: CoREB's complete subtask name, e.g. ``t2c_full_retro_python`` (``""`` for an
            execir release's query).
        variant: the subtask variant, e.g. ``full_retro``.
        language: the language slice: a t2c query's target-language constraint, a c2t query's
            suffix language; None for ``any`` (and for c2c, whose slice is its anchor language).
        anchor_language: language of the query's program (c2t, c2c), else None.
        anchor_id: the query's own program in the code corpus (``meta.anchor_code_id``); a c2c
            query's ranked list excludes it before scoring.
        label: c2t ``match`` pair label (1 positive, 0 negative), else None.
        meta: every other field of the source record, kept for export.
    """

    query_id: str
    text: str
    task_id: str
    domain: str | None = None
    direction: str = "t2c"
    subtask: str = ""
    variant: str = ""
    language: str | None = None
    anchor_language: str | None = None
    anchor_id: str | None = None
    label: int | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def target(self) -> str:
        """The corpus this query ranks (:data:`CODE` or :data:`TEXT`)."""
        return TARGET.get(self.direction, str(self.meta.get("target", TEXT)))

    @property
    def slice_language(self) -> str:
        """The language of the per-language breakdown: the constraint (t2c) or suffix (c2t),
        the anchor language (c2c), ``any`` otherwise (CoREB table 10, table 15)."""
        if self.direction == "c2c":
            return self.anchor_language or ANY
        return self.language or ANY

    def to_beir(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"task_id": self.task_id}
        if self.domain is not None:
            meta["domain"] = self.domain
        return {"_id": self.query_id, "text": self.text, "metadata": meta}

    @classmethod
    def from_beir(cls, data: Mapping[str, Any]) -> "Query":
        meta = data.get("metadata") or {}
        if not isinstance(meta, Mapping):
            raise RecordError("metadata", "expected object")
        return cls(
            query_id=_require(data, "_id", str),
            text=_require(data, "text", str),
            task_id=str(meta.get("task_id", "")),
            domain=meta.get("domain"),
        )


#: qrels[query_id][snippet_id] = relevance level (2 canonical, 1 same-task distractor).
Qrels = dict[str, dict[str, int]]

#: run[query_id] = [(snippet_id, score), ...] in rank order (see :func:`execir.ranking.rank`).
Run = dict[str, list[tuple[str, float]]]


@dataclass(frozen=True)
class Benchmark:
    """A loaded benchmark of any kind: an execir release (text-to-code queries over one code
    corpus, the oracle's tasks), a CoREB benchmark (three directions over a code and a text
    corpus) or a BEIR folder.  Kinds differ in data, not in type.

    Attributes:
        name: release name (from the manifest).
        queries: query_id -> Query, in file order (CoREB: t2c, c2c, c2t files in that order).
        corpus: snippet_id -> Snippet of either corpus, in file order (code corpus first).
        qrels: graded relevance, see :data:`Qrels`.
        tasks: task_id -> Task (the oracle of each query); empty when the source carries no tests
            (a CoREB or BEIR folder: its programs' ``passed`` flags are the labels).
        manifest: the parsed ``manifest.json`` (empty for a folder without one).
        source: the folder it was loaded from, when known.
    """

    name: str
    queries: dict[str, Query]
    corpus: dict[str, Snippet]
    qrels: Qrels
    tasks: dict[str, Task] = field(default_factory=dict)
    manifest: Mapping[str, Any] = field(default_factory=dict)
    #: the folder it was loaded from (:func:`execir.load_benchmark` sets it: its build report's
    #: probe card then gives a leaderboard's best-probe row); None otherwise; not part of equality
    source: str | None = field(default=None, compare=False)

    @property
    def kind(self) -> str:
        """:data:`MULTITASK` when the queries carry CoREB's groups (a subtask: CoREB-format, BEIR
        and execir-poly sources), else :data:`SINGLE_TASK`.  The one place the kind is decided;
        everything that differs between kinds looks its hooks up by this value."""
        return MULTITASK if any(q.subtask for q in self.queries.values()) else SINGLE_TASK

    def task_for_query(self, query_id: str) -> Task:
        """The task (oracle) of a query; raises KeyError if the query is unknown."""
        return self.tasks[self.queries[query_id].task_id]

    def anchors(self) -> dict[str, str]:
        """CoREB's c2c anchor map: query_id -> anchor code id (appendix B.9)."""
        return {q.query_id: q.anchor_id for q in self.queries.values()
                if q.direction == "c2c" and q.anchor_id}

    def documents(self, modality: str) -> dict[str, Snippet]:
        """The entries of one corpus (:data:`CODE` or :data:`TEXT`), in file order."""
        return {d: doc for d, doc in self.corpus.items() if doc.modality == modality}

    def fingerprint(self) -> str:
        """SHA-256 (hex) of the benchmark's content: every query (id, direction, subtask, text,
        anchor), document (id, corpus, language, text) and judgement, in sorted order -- equal for
        two loads of the same benchmark whatever their file format or names."""
        import json

        body = {"queries": sorted([q.query_id, q.direction, q.subtask, q.text, q.anchor_id or ""]
                                  for q in self.queries.values()),
                "docs": sorted([d.snippet_id, d.modality, d.language or "", d.code] for d in self.corpus.values()),
                "qrels": sorted([q, d, r] for q, rel in self.qrels.items() for d, r in rel.items())}
        return hashlib.sha256(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()


#: the two views of the text corpus a query can rank (CoREB appendix A.3)
ABBREVIATED = "abbreviated"
FULL = "full"


def query_view(q: Query) -> tuple[str, str]:
    """``(corpus, view)`` the query ranks: ``("code", "full")``, ``("text", "abbreviated")`` (c2t
    ``canonical_retro``: each description's abbreviated form, or its full text when it has none, as
    hard negatives do) or ``("text", "full")``."""
    if q.target == TEXT and q.direction == "c2t" and q.variant == "canonical_retro":
        return TEXT, ABBREVIATED
    return q.target, FULL


def view_texts(benchmark: "Benchmark", corpus: str, view: str) -> dict[str, str]:
    """snippet_id -> the text embedded for that corpus view, in benchmark order."""
    docs = benchmark.documents(corpus)
    if view == ABBREVIATED:
        return {d: doc.abbreviated or doc.code for d, doc in docs.items()}
    return {d: doc.code for d, doc in docs.items()}
