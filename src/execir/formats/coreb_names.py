"""CoREB's vocabulary: three tasks (query directions) over two corpora, subtask names, query ids.

The records themselves are :class:`execir.records.Query` / :class:`~execir.records.Snippet` /
:class:`~execir.records.Benchmark`, the one data model of every kind of benchmark.

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

from execir.records import ANY, CODE, TARGET, TEXT  # noqa: F401 - re-exported: the corpora and directions

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


def subtask_name(task: str, variant: str, language: str | None) -> str:
    """CoREB's complete subtask name: ``t2c_canonical_retro_python``, ``t2c_search_any``,
    ``c2c_cross_lang``, ``c2t_match`` (``language`` None means ``any``)."""
    if (task, variant) in UNSLICED:
        return f"{task}_{variant}"
    return f"{task}_{variant}_{language or ANY}"


def coreb_folder_query_id(task: str, variant: str, language: str | None, index: int) -> str:
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
