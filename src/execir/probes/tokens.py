"""Token sequences and their similarity: the textual view every text-based probe shares.

Tokens and the similarity ratio are those of the ``medoid`` reranker
(:mod:`execir.rerank.medoid`): identifier, number and single-punctuation tokens, layout ignored;
similarity = :class:`difflib.SequenceMatcher` ratio (``2 * matches / (len(a) + len(b))``, in
[0, 1], 1 for identical sequences) without the autojunk heuristic.  The only import of that
module is here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from execir.rerank.medoid import _ratio, code_tokens


def tokens(text: str) -> list[str]:
    """``text`` as tokens (module docstring); a fresh list (the tokens are cached per text)."""
    return list(_tokens(text))


@lru_cache(maxsize=65536)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(code_tokens(text))


def ratio(a: Sequence[str], b: Sequence[str]) -> float:
    """Similarity of two token sequences in [0, 1] (module docstring)."""
    return _ratio(a, b)


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
