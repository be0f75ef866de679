"""Naturalness: the member a token n-gram language model finds least surprising.

A mutant replaces a natural token by a less usual one (``<`` by ``<=``, ``+ 1`` by ``- 1``), so a
model of code may find the canonical more probable.  Model: a token trigram model per language
with Dirichlet (additive-backoff) smoothing,
``p(w | u v) = (c(u v w) + K * p(w | v)) / (c(u v) + K)``, ``p(w | v)`` likewise from the
unigram ``p(w) = (c(w) + 1) / (N + V + 1)`` (``V`` training types, one extra for unseen tokens),
``K = 1``; sequences padded with two ``<s>`` and ended by ``</s>``.  It is fit on every training-
half snippet of the language (labels unused; the pooled model of all languages for a language
without training snippets).  A member scores its mean log probability per token (natural log);
higher = lower perplexity (``exp(-score)``) = picked.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import numpy as np

from execir.probes.probe_base import Example
from execir.probes.family import Members
from execir.probes.tokens import Numbering, tokens

K = 1.0
BOS, EOS = "<s>", "</s>"


#: every token seen in this process, numbered in order of first sight
_TOKENS = Numbering()


def _token_ids(seq: Sequence[str]) -> np.ndarray:
    """``[<s>, <s>, *seq, </s>]`` as token numbers, ``(len(seq) + 3,)`` int64."""
    return np.array(_TOKENS.numbers((BOS, BOS, *seq, EOS)), dtype=np.int64)


@lru_cache(maxsize=65536)
def _text_ids(text: str) -> np.ndarray:
    """:func:`_token_ids` of ``text``'s tokens, cached per text, read-only."""
    out = _token_ids(tokens(text))
    out.setflags(write=False)
    return out


class _Counts:
    """How often each key of an int64 array occurs: ``counts[keys]`` by binary search."""

    def __init__(self, keys: np.ndarray):
        self.keys, self.n = np.unique(keys, return_counts=True)

    def __getitem__(self, keys: np.ndarray) -> np.ndarray:
        if not len(self.keys):
            return np.zeros(len(keys), dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, self.n[at], 0)


def _positions(padded: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(u, v, w)``: the two tokens before each scored token and the token, over every padded
    sequence in turn, each ``(positions,)``."""
    if not padded:
        return (np.zeros(0, dtype=np.int64),) * 3  # type: ignore[return-value]
    return tuple(np.concatenate([p[k:len(p) - 2 + k] for p in padded]) for k in range(3))  # type: ignore[return-value]


def _masked(counts: _Counts, keys: np.ndarray, ok: np.ndarray) -> np.ndarray:
    """``counts[keys]`` where ``ok``, else 0."""
    return np.where(ok, counts[np.where(ok, keys, 0)], 0)


class TrigramModel:
    """The smoothed trigram model of the module docstring, fit on token sequences.

    Counts are kept as sorted arrays of token-number keys, so a sequence is scored with array
    operations; every probability is the same float64 arithmetic as the formula written per
    token, and a sequence's logs are summed in order, so a score is bit for bit the formula's."""

    def __init__(self, sequences: Sequence[Sequence[str]]):
        self._fit([_token_ids(seq) for seq in sequences])

    @classmethod
    def of_texts(cls, texts: Sequence[str]) -> "TrigramModel":
        """The model of ``texts``' token sequences (:func:`~execir.probes.tokens.tokens`),
        their token numbers cached per text."""
        model = cls.__new__(cls)
        model._fit([_text_ids(t) for t in texts])
        return model

    def _fit(self, padded: Sequence[np.ndarray]) -> None:
        self.base = max(len(_TOKENS), 1)  # token numbers below it are encodable
        u, v, w = _positions(padded)
        self.uni, self.ctx1 = _Counts(w), _Counts(v)
        self.bi, self.ctx2 = _Counts(v * self.base + w), _Counts(u * self.base + v)
        # a trigram's key: its context's place among the distinct contexts, then its token
        self.tri = _Counts(np.searchsorted(self.ctx2.keys, u * self.base + v) * self.base + w)
        self.total = len(w)
        self.types = len(self.uni.keys)

    def _logprobs(self, u: np.ndarray, v: np.ndarray, w: np.ndarray) -> list[float]:
        """``log p(w | u v)`` of each position (natural log, < 0); a token first seen after the
        fit counts 0 in every n-gram."""
        b = self.base
        ok_w, ok_v, ok_uv = w < b, v < b, (u < b) & (v < b)
        pair = np.where(ok_uv, u * b + v, 0)
        ctx2 = _masked(self.ctx2, pair, ok_uv)
        p1 = (_masked(self.uni, w, ok_w) + 1.0) / (self.total + self.types + 1.0)
        p2 = (_masked(self.bi, v * b + w, ok_v & ok_w) + K * p1) / (_masked(self.ctx1, v, ok_v) + K)
        tri = _masked(self.tri, np.searchsorted(self.ctx2.keys, pair) * b + w, (ctx2 > 0) & ok_w)
        p3 = (tri + K * p2) / (ctx2 + K)
        return list(map(math.log, p3.tolist()))

    def logprob(self, u: str, v: str, w: str) -> float:
        """``log p(w | u v)`` (natural log, < 0)."""
        ids = [_TOKENS.number.get(t, self.base) for t in (u, v, w)]
        return self._logprobs(*(np.array([i], dtype=np.int64) for i in ids))[0]

    def mean_logprob(self, seq: Sequence[str]) -> float:
        """Mean ``log p`` per token of ``seq`` (``</s>`` included)."""
        return self._means([_token_ids(seq)])[0]

    def mean_logprob_texts(self, texts: Sequence[str]) -> list[float]:
        """:meth:`mean_logprob` of each text's tokens (their numbers cached per text), the
        texts scored together."""
        return self._means([_text_ids(t) for t in texts])

    def _means(self, padded: Sequence[np.ndarray]) -> list[float]:
        """The mean ``log p`` of each padded sequence, all scored in one pass."""
        if not padded:
            return []
        logs = self._logprobs(*_positions(padded))
        out, at = [], 0
        for p in padded:
            n = len(p) - 2
            out.append(sum(logs[at:at + n]) / n)
            at += n
        return out


class NaturalnessProbe:
    """``naturalness`` (lowest perplexity) / ``anti-naturalness`` (module docstring)."""

    name = "naturalness"
    inverse = "anti-naturalness"
    trained = True
    note = ("lowest per-token perplexity under a smoothed token trigram model per language, fit on "
            "the training half's snippets (labels unused)")

    def __init__(self) -> None:
        self._key: object = None
        self.models: dict[str, TrigramModel] = {}
        self.pooled: TrigramModel | None = None

    def fit(self, examples: Sequence[Example]) -> None:
        """One model per language over the training families' members (labels unused)."""
        key = tuple(m.ids for m, _ in examples)
        if key == self._key:
            return
        by_language: dict[str, list[str]] = {}
        for members, _ in examples:
            by_language.setdefault(members.language, []).extend(members.texts)
        self.models = {lang: TrigramModel.of_texts(texts) for lang, texts in sorted(by_language.items())}
        # one language: the pooled model has the same counts
        self.pooled = (next(iter(self.models.values())) if len(self.models) == 1 else
                       TrigramModel.of_texts([t for lang in sorted(by_language) for t in by_language[lang]]))
        self._key = key

    def score(self, members: Members) -> np.ndarray:
        """Mean log probability per token, ``(n,)``.  Raises RuntimeError before :meth:`fit`."""
        model = self.models.get(members.language, self.pooled)
        if model is None:
            raise RuntimeError("naturalness: fit() before score()")
        return np.array(model.mean_logprob_texts(members.texts), dtype=np.float64)
