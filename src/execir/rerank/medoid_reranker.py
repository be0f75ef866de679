"""The textual-medoid reranker: a probe of a benchmark's construction, not a retrieval method.

Mutation benchmarks (ExecRetrieval §3; execir's releases) plant single-edit variants of each
canonical beside it.  Every planted mutant is then one edit away from the canonical and two edits
away from every other mutant, so the canonical is the *textual centre* of its family, and a
reranker that never reads the query and never runs anything can pick it out.  ``minilm>medoid``
measures how far that artefact alone carries exec@1 on a release: a high value says the
distractors leak the answer through their shape, and that exec@1 gains of other rerankers should
be read against it (as hypothesis-only baselines are read in NLI).

Per query (:func:`medoid_order`): the *family* of the top candidate is every top-``k`` candidate
whose token sequence is at least :data:`FAMILY_RATIO` similar to the top candidate's
(:class:`difflib.SequenceMatcher` ratio over identifier/number/punctuation tokens, any language);
its members are ordered by their mean similarity to the other members (ties: retrieval order) and
placed first; every other candidate follows in retrieval order.
"""

from __future__ import annotations

import difflib
from typing import Any, Mapping, Sequence

from execir.errors import UsageError
from execir.probes.tokens import code_tokens, ratio
from execir.ranking import rank
from execir.records import Run

#: similarity to the top candidate from which a candidate counts as one of its family (single-edit
#: mutants of a function are typically above 0.9; other functions below 0.6)
FAMILY_RATIO = 0.8


def medoid_order(candidates: Sequence[tuple[str, float]], corpus: Mapping[str, str], *,
                 family_ratio: float = FAMILY_RATIO) -> list[tuple[str, float]]:
    """One query's candidates re-ordered (module docstring).

    Args:
        candidates: ``(snippet_id, retrieval score)`` in the retriever's order.
        corpus: snippet id -> code.
        family_ratio: the family threshold (0 < ratio <= 1).

    Returns:
        ``(snippet_id, score)`` in :func:`execir.ranking.rank` order; the candidate at position
        ``p`` of ``n`` scores ``n - p``.
    """
    if not candidates:
        return []
    toks = {sid: code_tokens(corpus[sid]) for sid, _ in candidates}
    top = candidates[0][0]
    family = [top]
    for sid, _ in candidates[1:]:
        matcher = difflib.SequenceMatcher(None, toks[top], toks[sid], autojunk=False)
        if matcher.real_quick_ratio() >= family_ratio and matcher.quick_ratio() >= family_ratio \
                and matcher.ratio() >= family_ratio:
            family.append(sid)
    position = {sid: p for p, (sid, _) in enumerate(candidates)}
    value = {sid: (sum(ratio(toks[sid], toks[o]) for o in family if o != sid) / (len(family) - 1)
                   if len(family) > 1 else 1.0) for sid in family}
    members = sorted(family, key=lambda sid: (-round(value[sid], 12), position[sid]))
    rest = [sid for sid, _ in candidates if sid not in value]
    order = members + rest
    return rank((sid, float(len(order) - p)) for p, sid in enumerate(order))


class MedoidReranker:
    """``medoid`` (or ``medoid:<ratio>``): a :class:`~execir.retrieval.protocols.Reranker` that reads
    candidate code only (module docstring).

    Raises:
        UsageError: a ratio outside (0, 1].
    """

    def __init__(self, family_ratio: float = FAMILY_RATIO):
        if not 0 < family_ratio <= 1:
            raise UsageError(f"medoid: the family ratio must be in (0, 1], got {family_ratio}")
        self.family_ratio = family_ratio
        self.name = "medoid" if family_ratio == FAMILY_RATIO else f"medoid:{family_ratio:g}"

    def rerank(self, queries: Mapping[str, str], corpus: Mapping[str, str], run: Run, k: int) -> Run:
        """The top ``k`` of every query of ``run``, re-ordered by :func:`medoid_order` (the query
        texts are not read)."""
        return {qid: medoid_order(run[qid][:k], corpus, family_ratio=self.family_ratio) for qid in run}


def from_name(arg: str | None, context: Any) -> MedoidReranker:
    """``medoid`` or ``medoid:<ratio>`` for the rerank registry.

    Raises:
        UsageError: a ratio that is not a number in (0, 1].
    """
    if not arg:
        return MedoidReranker()
    try:
        ratio = float(arg)
    except ValueError:
        raise UsageError(f"medoid:{arg}: expected a similarity ratio such as medoid:0.8") from None
    return MedoidReranker(ratio)
