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
from collections import Counter
from typing import Sequence

import numpy as np

from execir.probes.base import Example
from execir.probes.family import Members
from execir.probes.tokens import tokens

K = 1.0
BOS, EOS = "<s>", "</s>"


class TrigramModel:
    """The smoothed trigram model of the module docstring, fit on token sequences."""

    def __init__(self, sequences: Sequence[Sequence[str]]):
        self.uni: Counter[str] = Counter()
        self.bi: Counter[tuple[str, str]] = Counter()
        self.tri: Counter[tuple[str, str, str]] = Counter()
        self.ctx1: Counter[str] = Counter()
        self.ctx2: Counter[tuple[str, str]] = Counter()
        for seq in sequences:
            padded = [BOS, BOS, *seq, EOS]
            for i in range(2, len(padded)):
                u, v, w = padded[i - 2], padded[i - 1], padded[i]
                self.uni[w] += 1
                self.bi[v, w] += 1
                self.tri[u, v, w] += 1
                self.ctx1[v] += 1
                self.ctx2[u, v] += 1
        self.total = sum(self.uni.values())
        self.types = len(self.uni)

    def logprob(self, u: str, v: str, w: str) -> float:
        """``log p(w | u v)`` (natural log, < 0)."""
        p1 = (self.uni[w] + 1.0) / (self.total + self.types + 1.0)
        p2 = (self.bi[v, w] + K * p1) / (self.ctx1[v] + K)
        p3 = (self.tri[u, v, w] + K * p2) / (self.ctx2[u, v] + K)
        return math.log(p3)

    def mean_logprob(self, seq: Sequence[str]) -> float:
        """Mean ``log p`` per token of ``seq`` (``</s>`` included)."""
        padded = [BOS, BOS, *seq, EOS]
        logs = [self.logprob(padded[i - 2], padded[i - 1], padded[i]) for i in range(2, len(padded))]
        return sum(logs) / len(logs)


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
        by_language: dict[str, list[list[str]]] = {}
        for members, _ in examples:
            by_language.setdefault(members.language, []).extend(tokens(t) for t in members.texts)
        self.models = {lang: TrigramModel(seqs) for lang, seqs in sorted(by_language.items())}
        self.pooled = TrigramModel([s for lang in sorted(by_language) for s in by_language[lang]])
        self._key = key

    def score(self, members: Members) -> np.ndarray:
        """Mean log probability per token, ``(n,)``.  Raises RuntimeError before :meth:`fit`."""
        model = self.models.get(members.language, self.pooled)
        if model is None:
            raise RuntimeError("naturalness: fit() before score()")
        return np.array([model.mean_logprob(tokens(t)) for t in members.texts], dtype=np.float64)
