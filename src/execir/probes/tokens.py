"""Token sequences and their similarity: the textual view every text-based probe shares.

Tokens (:func:`code_tokens`): identifier, number and single-punctuation tokens, layout ignored;
similarity (:func:`ratio`) = :class:`difflib.SequenceMatcher` ratio (``2 * matches / (len(a) + len(b))``,
in [0, 1], 1 for identical sequences) without the autojunk heuristic.  One home for both: the
``medoid`` reranker (:mod:`execir.rerank.medoid_reranker`) reads them from here.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

_TOKEN = re.compile(r"\w+|[^\w\s]")


def code_tokens(code: str) -> list[str]:
    """``code`` as identifier, number and single-punctuation tokens (layout ignored)."""
    return _TOKEN.findall(code)


def tokens(text: str) -> list[str]:
    """``text`` as tokens (module docstring); a fresh list (the tokens are cached per text)."""
    return list(_tokens(text))


@lru_cache(maxsize=65536)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(code_tokens(text))


class Numbering:
    """Strings numbered in order of first sight, for the life of the process (what lets a probe
    turn texts into integer arrays): ``numbers(items)`` numbers new strings as it meets them,
    ``number.get(s)`` looks one up without numbering it, ``strings[i]`` is number ``i``'s string.
    It grows with the distinct strings a process reads (about 100 bytes each)."""

    def __init__(self) -> None:
        self.number: dict[str, int] = {}
        self.strings: list[str] = []

    def __len__(self) -> int:
        return len(self.strings)

    def numbers(self, items: Iterable[str]) -> list[int]:
        """The number of each of ``items``, in order; a string not seen before gets the next one."""
        out = []
        for s in items:
            i = self.number.get(s)
            if i is None:
                i = self.number[s] = len(self.strings)
                self.strings.append(s)
            out.append(i)
        return out


def ratio(a: Sequence[str], b: Sequence[str]) -> float:
    """Similarity of two token sequences in [0, 1] (module docstring)."""
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


@lru_cache(maxsize=4096)
def similarity_matrix(texts: tuple[str, ...]) -> np.ndarray:
    """``(n, n)`` float64 matrix: ``M[i, j] = ratio(tokens(texts[i]), tokens(texts[j]))``
    (row ``i`` is the sequence matched first, as the medoid reranker does), diagonal 1.  Cached:
    the medoid, anti-medoid and majority probes share one computation per family.  Read-only."""
    toks = [tokens(t) for t in texts]
    n = len(toks)
    out = np.ones((n, n), dtype=np.float64)
    for i in range(n):
        for j in range(n):
            if i != j:
                out[i, j] = ratio(toks[i], toks[j])
    out.setflags(write=False)
    return out
