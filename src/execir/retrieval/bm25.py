"""Lexical retrieval: Okapi BM25 through ``bm25s`` with two tokenizers.

ExecRetrieval (appendix E, table 6) runs BM25 with k1 = 1.5 and b = 0.75; those are the defaults
here.  Two tokenizers are selectable and recorded in the retriever's ``name`` / ``settings``:

* ``default`` — bm25s' own tokenizer: lower-cased ``\\b\\w\\w+\\b`` words, English stop words
  removed.  It drops operators, so a canonical and its ``<`` → ``<=`` mutant tokenise identically
  and tie; the tie is then broken by snippet id by :func:`execir.ranking.top_k_matrix`.
* ``code`` — code-aware: identifiers are kept whole *and* split on ``_`` and camelCase
  boundaries, numbers are kept, and operators (``<=``, ``//``, ``**``, ``-``, ...) are tokens.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

import bm25s
import numpy as np

from execir.ranking import top_k_matrix
from execir.retrieval.index import ordered_ids
from execir.records import Run

TOKENIZERS = ("default", "code")

_CODE_TOKEN_RE = re.compile(
    r"[A-Za-z_][A-Za-z0-9_]*"          # identifiers and keywords
    r"|\d+(?:\.\d+)?"                  # numbers
    r"|\*\*=?|//=?|<<=?|>>=?|->|:="    # multi-character operators
    r"|[=!<>]=|[+\-*/%&|^]="
    r"|[+\-*/%<>=&|^~!@]"              # single-character operators
)
_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_BM25S_WORD_RE = re.compile(r"(?u)\b\w\w+\b")


def code_tokenize(text: str) -> list[str]:
    """Split source code or prose into lower-cased BM25 terms, keeping operators.

    ``"def getMaxValue(a_list): return a_list[i] <= 0"`` gives ``def``, ``getmaxvalue``, ``get``,
    ``max``, ``value``, ``a_list``, ``a``, ``list``, ``return``, ``a_list``, ``a``, ``list``,
    ``i``, ``<=``, ``0``: a compound identifier contributes itself and its parts.
    """
    out: list[str] = []
    for tok in _CODE_TOKEN_RE.findall(text):
        if tok[0].isalpha() or tok[0] == "_":
            parts = [p.lower() for piece in tok.split("_") if piece for p in _CAMEL_RE.findall(piece)]
            whole = tok.lower()
            out.append(whole)
            if len(parts) > 1 or (parts and parts[0] != whole):
                out.extend(parts)
        else:
            out.append(tok)
    return out


def default_tokenize(texts: Sequence[str]) -> list[list[str]]:
    """bm25s' default tokenisation (lower-case, ``\\b\\w\\w+\\b``, English stop words removed)."""
    tokenized = bm25s.tokenize(list(texts), stopwords="en", return_ids=False, show_progress=False)
    return [list(toks) for toks in tokenized]


class BM25Retriever:
    """BM25 over a corpus of snippets (ExecRetrieval appendix E: k1 = 1.5, b = 0.75).

    Args:
        name: the system name written into runs and leaderboards.
        tokenizer: ``"default"`` or ``"code"`` (see module docstring).
        k1, b: BM25 term-frequency saturation and length normalisation.

    ``search`` scores every (query, snippet) pair with bm25s' Lucene variant and keeps the exact
    top-``k`` by :func:`execir.ranking.top_k_matrix` (score descending, then snippet id).
    """

    def __init__(self, name: str = "bm25", *, tokenizer: str = "default", k1: float = 1.5,
                 b: float = 0.75):
        if tokenizer not in TOKENIZERS:
            raise ValueError(f"unknown BM25 tokenizer {tokenizer!r}; choose one of {TOKENIZERS}")
        self.name = name
        self.tokenizer = tokenizer
        self.k1 = float(k1)
        self.b = float(b)
        self.usage: dict[str, object] = {}

    @property
    def settings(self) -> dict[str, object]:
        """The invocation actually used (for ``config.json``)."""
        return {"method": "bm25s-lucene", "k1": self.k1, "b": self.b, "tokenizer": self.tokenizer,
                "bm25s": bm25s.__version__}

    def _tokenize(self, texts: Sequence[str]) -> list[list[str]]:
        if self.tokenizer == "code":
            return [code_tokenize(t) for t in texts]
        return default_tokenize(texts)

    def score_matrix(self, queries: Sequence[str], docs: Sequence[str]) -> np.ndarray:
        """BM25 scores, shape ``(len(queries), len(docs))``, float64; 0 where no term matches."""
        doc_tokens = self._tokenize(docs)
        index = bm25s.BM25(k1=self.k1, b=self.b, method="lucene")
        index.index(doc_tokens, show_progress=False)
        scores = np.zeros((len(queries), len(docs)), dtype=np.float64)
        for i, q_tokens in enumerate(self._tokenize(queries)):
            ids = index.get_tokens_ids(q_tokens)
            if ids:
                scores[i] = index.get_scores_from_ids(ids)
        return scores

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run:
        """Rank ``corpus`` (snippet id → code) for each query (query id → text); top ``k`` each.

        Raises:
            ValueError: ``k`` < 1 or an empty corpus.
        """
        q_ids, doc_ids = ordered_ids(queries, corpus, k)
        scores = self.score_matrix([queries[q] for q in q_ids], [corpus[d] for d in doc_ids])
        return dict(zip(q_ids, top_k_matrix(scores, doc_ids, k)))
