"""Records of a multitask (CoREB-style) benchmark: queries of three tasks over two corpora.

CoREB (§3, appendix A.3-A.4) evaluates three retrieval directions over one code corpus and one
text corpus:

* ``t2c`` text-to-code: a description ranks the code corpus; positives (relevance 2) are the
  problem's passing solutions (in the target language when the query names one);
* ``c2t`` code-to-text: a solution ranks the text corpus; the positive is the true description;
* ``c2c`` code-to-code: a solution (the *anchor*, itself in the code corpus) ranks the code
  corpus; positives are the passing solutions in the other languages.  The anchor is removed from
  the ranked list before any metric (appendix B.9).

Query ids follow CoREB's scheme (appendix A.4): ``q_{task}_{variant}_{language|any}_{index}``,
e.g. ``q_t2c_full_retro_python_0001``; the language part is absent for the variants that carry
none (``c2c_cross_lang``, ``c2t_match``): ``q_c2c_cross_lang_0002``, ``q_c2t_match_0641``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

#: CoREB's three main tasks and the ``split`` value each carries in a CoREB query record.
SPLITS: dict[str, str] = {"t2c": "text2code", "c2t": "code2text", "c2c": "code2code"}
TASK_OF_SPLIT: dict[str, str] = {v: k for k, v in SPLITS.items()}
TASK_TITLES: dict[str, str] = {"t2c": "Text-to-Code", "c2t": "Code-to-Text", "c2c": "Code-to-Code"}
#: subtask variants per task (appendix A.3).
VARIANTS: dict[str, tuple[str, ...]] = {
    "t2c": ("canonical_retro", "full_retro", "search"),
    "c2t": ("canonical_retro", "full_retro", "match"),
    "c2c": ("cross_lang",),
}
#: variants whose subtask name carries no language suffix.
UNSLICED = frozenset({("c2c", "cross_lang"), ("c2t", "match")})
#: target languages of execir-poly (CoREB's five plus JavaScript).
LANGUAGES: tuple[str, ...] = ("python", "java", "cpp", "ruby", "go", "javascript")
ANY = "any"
CODE = "code"
TEXT = "text"
#: which corpus each task ranks.
TARGET: dict[str, str] = {"t2c": CODE, "c2c": CODE, "c2t": TEXT}


def subtask_name(task: str, variant: str, language: str | None) -> str:
    """CoREB's complete subtask name: ``t2c_canonical_retro_python``, ``t2c_search_any``,
    ``c2c_cross_lang``, ``c2t_match`` (``language`` None means ``any``)."""
    if (task, variant) in UNSLICED:
        return f"{task}_{variant}"
    return f"{task}_{variant}_{language or ANY}"


def coreb_query_id(task: str, variant: str, language: str | None, index: int) -> str:
    """CoREB query id (appendix A.4): ``subtask_name`` prefixed by ``q_`` plus a 4-digit index."""
    return f"q_{subtask_name(task, variant, language)}_{index:04d}"


def split_subtask(task: str, subtask: str) -> tuple[str, str | None]:
    """``("t2c", "t2c_full_retro_python") -> ("full_retro", "python")``; ``any`` gives None.

    Raises:
        ValueError: ``subtask`` does not start with ``task + "_"``.
    """
    prefix = f"{task}_"
    if not subtask.startswith(prefix) or len(subtask) == len(prefix):
        raise ValueError(f"expected a name starting with {prefix!r}, got {subtask!r}")
    rest = subtask[len(prefix):]
    head, _, tail = rest.rpartition("_")
    if head and (tail in LANGUAGES or tail == ANY):
        return head, (None if tail == ANY else tail)
    return rest, None


@dataclass(frozen=True)
class MTQuery:
    """One query of a multitask benchmark.

    Attributes:
        query_id: unique id (CoREB scheme for CoREB-format releases).
        text: what is embedded: a description (t2c) or a program (c2t, c2c).
        task: ``t2c`` / ``c2t`` / ``c2c`` (or ``beir`` for a plain BEIR folder).
        subtask: complete subtask name, e.g. ``t2c_full_retro_python``.
        variant: subtask variant, e.g. ``full_retro``.
        language: the language slice: a t2c query's target-language constraint, a c2t query's
            suffix language; None for ``any`` (and for c2c, whose slice is its anchor language).
        problem_id: the seed problem the query was made from (``meta.source_problem_id``).
        anchor_language: language of the query's program (c2t, c2c), else None.
        anchor_id: code id of the query's program in the code corpus (``meta.anchor_code_id``),
            else None; for c2c it is removed from the ranked list before scoring.
        label: c2t ``match`` pair label (1 positive, 0 negative), else None.
        meta: every other field of the source record, kept for export.
    """

    query_id: str
    text: str
    task: str
    subtask: str
    variant: str
    language: str | None
    problem_id: str
    anchor_language: str | None = None
    anchor_id: str | None = None
    label: int | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def target(self) -> str:
        """The corpus this query ranks (``code`` or ``text``)."""
        return TARGET.get(self.task, str(self.meta.get("target", TEXT)))

    @property
    def slice_language(self) -> str:
        """The language of the per-language breakdown: the constraint (t2c) or suffix (c2t),
        the anchor language (c2c), ``any`` otherwise (CoREB table 10, table 15)."""
        if self.task == "c2c":
            return self.anchor_language or ANY
        return self.language or ANY


@dataclass(frozen=True)
class Doc:
    """One corpus entry (code or text).

    Attributes:
        doc_id: unique over both corpora.
        text: the embedded text (a program or the full description).
        modality: ``code`` or ``text``.
        problem_id: the seed problem (``meta.source_problem_id``), "" if unknown.
        language: a program's language (code only).
        passed: the program passes every test of its problem (code only; CoREB ``meta.passed``).
        abbreviated: the 50-150 word view of a description (text only; ``abbreviated_text``).
        kind: role of the entry: ``solution`` / ``mutant`` (code), ``description`` /
            ``hard_negative`` (text), or what the source record says.
        meta: every other field of the source record, kept for export.
    """

    doc_id: str
    text: str
    modality: str
    problem_id: str = ""
    language: str | None = None
    passed: bool | None = None
    abbreviated: str | None = None
    kind: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MultitaskBenchmark:
    """A loaded multitask release.

    Attributes:
        name: release name.
        queries: query_id -> query, in file order (t2c, c2c, c2t files in that order).
        docs: doc_id -> entry of either corpus, code corpus first.
        qrels: query_id -> {doc_id: relevance} (2 positive, 1 hard negative).
        manifest: the release's manifest (empty for an imported CoREB folder without one).
    """

    name: str
    queries: dict[str, MTQuery]
    docs: dict[str, Doc]
    qrels: dict[str, dict[str, int]]
    manifest: Mapping[str, Any] = field(default_factory=dict)

    def anchors(self) -> dict[str, str]:
        """CoREB's c2c anchor map: query_id -> anchor code id (appendix B.9)."""
        return {q.query_id: q.anchor_id for q in self.queries.values()
                if q.task == "c2c" and q.anchor_id}

    def fingerprint(self) -> str:
        """SHA-256 (hex) of the benchmark's content: every query (id, task, subtask, text,
        anchor), document (id, corpus, language, text) and judgement, in sorted order -- equal for
        two loads of the same benchmark whatever their file format or names."""
        import hashlib
        import json

        body = {"queries": sorted([q.query_id, q.task, q.subtask, q.text, q.anchor_id or ""]
                                  for q in self.queries.values()),
                "docs": sorted([d.doc_id, d.modality, d.language or "", d.text] for d in self.docs.values()),
                "qrels": sorted([q, d, r] for q, rel in self.qrels.items() for d, r in rel.items())}
        return hashlib.sha256(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()

    def corpus(self, modality: str) -> dict[str, Doc]:
        """The entries of one corpus (``code`` or ``text``), in file order."""
        return {d: doc for d, doc in self.docs.items() if doc.modality == modality}
