"""The trained probes' array paths give the bits of the formulas they implement.

A build's family filter and adversarial choice rank members by these scores, so a last-bit change
would change which distractors a release plants; each path is compared here with the formula
written the plain way (dicts, scipy's own operators, one token at a time), on a shipped release's
families and on made-up ones."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest
import scipy.sparse as sp

from execir.probes.classifier import MIN_DF, ClassifierProbe, Vocabulary, centre, ngrams
from execir.probes.family import families
from execir.probes.naturalness import BOS, EOS, K, NaturalnessProbe, TrigramModel
from execir.probes.tokens import tokens


def _plain_matrix(train: list[str], texts: list[str]) -> sp.csr_matrix:
    df: Counter[str] = Counter(g for t in train for g in ngrams(t))
    index = {g: j for j, g in enumerate(sorted(g for g, c in df.items() if c >= MIN_DF))}
    rows, cols = [], []
    for r, t in enumerate(texts):
        js = sorted(index[g] for g in ngrams(t) if g in index)
        rows += [r] * len(js)
        cols += js
    return sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(texts), len(index)))


def _plain_centre(x: sp.csr_matrix) -> sp.csr_matrix:
    mean = sp.csr_matrix(x.mean(axis=0))
    return sp.csr_matrix(x - sp.vstack([mean] * x.shape[0]))


def _same(a: sp.csr_matrix, b: sp.csr_matrix) -> bool:
    a, b = a.copy(), b.copy()
    a.sort_indices()
    b.sort_indices()
    return (a.shape == b.shape and np.array_equal(a.indptr, b.indptr)
            and np.array_equal(a.indices, b.indices) and a.data.tobytes() == b.data.tobytes())


def _plain_mean_logprob(train: list[list[str]], seq: list[str]) -> float:
    uni, bi, tri, ctx1, ctx2 = Counter(), Counter(), Counter(), Counter(), Counter()
    for s in train:
        p = [BOS, BOS, *s, EOS]
        for i in range(2, len(p)):
            uni[p[i]] += 1
            bi[p[i - 1], p[i]] += 1
            tri[p[i - 2], p[i - 1], p[i]] += 1
            ctx1[p[i - 1]] += 1
            ctx2[p[i - 2], p[i - 1]] += 1
    total, types = sum(uni.values()), len(uni)
    p = [BOS, BOS, *seq, EOS]
    logs = []
    for i in range(2, len(p)):
        u, v, w = p[i - 2], p[i - 1], p[i]
        p1 = (uni[w] + 1.0) / (total + types + 1.0)
        p2 = (bi[v, w] + K * p1) / (ctx1[v] + K)
        logs.append(math.log((tri[u, v, w] + K * p2) / (ctx2[u, v] + K)))
    return sum(logs) / len(logs)


@pytest.fixture(scope="module")
def halves():
    fams = [f.members for f in families("humaneval")]
    random.Random(3).shuffle(fams)
    return fams[: len(fams) // 2], fams[len(fams) // 2:]


def test_vocabulary_rows_and_centred_rows_are_the_plain_ones(halves):
    train, held = halves
    texts = [t for m in train for t in m.texts]
    vocab = Vocabulary(texts)
    assert len(vocab) > 1000
    for members in train[:20] + held:
        plain = _plain_matrix(texts, list(members.texts))
        fast = vocab.matrix(members.texts)
        assert _same(fast, plain)
        assert _same(centre(fast), _plain_centre(plain))


@pytest.mark.parametrize("n", range(1, 13))
def test_centring_is_scipys_bit_for_bit_for_any_family_size(n):
    rng = np.random.default_rng(n)
    dense = (rng.random((n, 40)) < 0.4).astype(np.float64)
    dense[:, 3] = 1.0  # a column every member has: 1 - mean is 0 or one ulp, as scipy leaves it
    x = sp.csr_matrix(dense)
    assert _same(centre(x), _plain_centre(x))


def test_classifier_scores_are_the_plain_fits(halves):
    from execir.probes.classifier import fit_logistic

    train, held = halves
    examples = [(m, tuple([True] + [False] * (len(m) - 1))) for m in train]
    texts = [t for m in train for t in m.texts]
    y = np.array([float(v) for _, labels in examples for v in labels])
    for centred in (False, True):
        blocks = [_plain_matrix(texts, list(m.texts)) for m, _ in examples]
        if centred:
            blocks = [_plain_centre(b) for b in blocks]
        w, b = fit_logistic(sp.vstack(blocks).tocsr(), y)
        probe = ClassifierProbe(centred=centred)
        probe.fit(examples)
        assert probe.weights.tobytes() == w.tobytes() and probe.bias == b
        for members in held[:15]:
            x = _plain_matrix(texts, list(members.texts))
            x = _plain_centre(x) if centred else x
            assert probe.score(members).tobytes() == np.asarray(x @ w + b).tobytes()


def test_trigram_scores_are_the_plain_formula(halves):
    train, held = halves
    seqs = [tokens(t) for m in train for t in m.texts]
    model = TrigramModel(seqs)
    texts = [t for m in held[:20] for t in m.texts] + ["zz_never_seen + 1", ""]
    got = model.mean_logprob_texts(texts)
    for text, score in zip(texts, got):
        assert score == _plain_mean_logprob(seqs, tokens(text))
    assert model.mean_logprob(["zz_never_seen", "+"]) == _plain_mean_logprob(seqs, ["zz_never_seen", "+"])


def test_naturalness_per_language_and_pooled_models_are_the_plain_ones(halves):
    from execir.probes.family import Members

    train, held = halves
    # half the training families called another language: one model each, the pooled one for a third
    relabelled = [(Members(m.ids, m.texts, m.positions, "python" if i % 2 else "ruby"), ())
                  for i, m in enumerate(train)]
    probe = NaturalnessProbe()
    probe.fit(relabelled)
    by_lang = {"python": [tokens(t) for i, m in enumerate(train) if i % 2 for t in m.texts],
               "ruby": [tokens(t) for i, m in enumerate(train) if not i % 2 for t in m.texts]}
    pooled = by_lang["python"] + by_lang["ruby"]
    for language, seqs in (("python", by_lang["python"]), ("ruby", by_lang["ruby"]), ("go", pooled)):
        m = held[0]
        scores = probe.score(Members(m.ids, m.texts, m.positions, language))
        assert scores.tolist() == [_plain_mean_logprob(seqs, tokens(t)) for t in m.texts]
