"""A snippet-only classifier: logistic regression on token n-grams, fit on half the problems.

Features: presence (0/1) of every token 1- to 3-gram (:func:`execir.probes.tokens.tokens`) that
occurs in at least :data:`MIN_DF` training snippets; nothing else (no query, no tests).  Model:
L2-regularised logistic regression (penalty ``0.5 * ||w||^2``, an unpenalised bias, summed log
loss; scikit-learn's ``C = 1``), fit with scipy's Newton-CG from zeros: deterministic on one
machine, but its last bits follow the processor's BLAS and SIMD kernels (weights moved by up to
3e-8 between AVX2 and generic kernels), so a near-tie between two members' logits may fall the
other way on another processor.  A member
scores its logit; the card picks each family's highest.

Two variants: ``classifier`` scores each snippet alone; ``classifier-centred`` subtracts the
family's mean feature vector from each member first (in training and scoring), so it learns what
sets the positive apart from its own family -- the edit -- rather than what positives look like.
"""

from __future__ import annotations

import contextlib
from functools import lru_cache
from typing import Any, Sequence

import numpy as np
import scipy.sparse as sp
from scipy.optimize import minimize

from execir.probes.probe_base import Example
from execir.probes.family import Members
from execir.probes.tokens import Numbering, tokens

MIN_DF = 2
NGRAMS = (1, 2, 3)
L2 = 1.0


def ngrams(text: str, orders: Sequence[int] = NGRAMS) -> frozenset[str]:
    """The distinct token n-grams of ``text`` for each order in ``orders`` (joined by a space);
    cached per text and orders."""
    return _ngrams(text, tuple(orders))


@lru_cache(maxsize=16384)
def _ngrams(text: str, orders: tuple[int, ...]) -> frozenset[str]:
    toks = tokens(text)
    return frozenset(" ".join(toks[i:i + n]) for n in orders for i in range(len(toks) - n + 1))


#: every n-gram of :data:`NGRAMS` seen in this process, numbered: what lets a vocabulary map a
#: text to its columns with array operations
_GRAMS = Numbering()


@lru_cache(maxsize=65536)
def _gram_ids(text: str) -> np.ndarray:
    """The numbers of ``text``'s distinct n-grams (:func:`ngrams`), ascending, ``(k,)`` int64,
    read-only."""
    out = np.array(sorted(_GRAMS.numbers(_ngrams(text, NGRAMS))), dtype=np.int64)
    out.setflags(write=False)
    return out


class Vocabulary:
    """n-gram -> column, built from training texts (n-grams in >= ``min_df`` of them, columns in
    the n-grams' sorted order, :attr:`terms`)."""

    def __init__(self, texts: Sequence[str], min_df: int = MIN_DF):
        ids = [_gram_ids(t) for t in texts]
        df = np.bincount(np.concatenate(ids), minlength=len(_GRAMS)) if ids else np.zeros(0, int)
        chosen = sorted((_GRAMS.strings[i] for i in np.flatnonzero(df >= min_df)))
        #: the n-gram of each column, ``(d,)``
        self.terms: tuple[str, ...] = tuple(chosen)
        self._column = np.full(len(df), -1, dtype=np.int64)  # n-gram number -> column or -1
        self._column[[_GRAMS.number[g] for g in chosen]] = np.arange(len(chosen), dtype=np.int64)
        self._rows: dict[str, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.terms)

    def columns(self, text: str) -> np.ndarray:
        """The columns of ``text``'s n-grams in the vocabulary, ascending (unseen ones dropped);
        cached per text for this vocabulary."""
        row = self._rows.get(text)
        if row is None:
            ids = _gram_ids(text)
            cols = self._column[ids[ids < len(self._column)]]
            row = self._rows[text] = np.sort(cols[cols >= 0])
        return row

    def matrix(self, texts: Sequence[str]) -> sp.csr_matrix:
        """``(len(texts), len(self))`` float64 0/1 CSR matrix, each row's columns ascending."""
        rows = [self.columns(t) for t in texts]
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        indices = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        return sp.csr_matrix((np.ones(len(indices), dtype=np.float64), indices, indptr),
                             shape=(len(texts), len(self)))


@lru_cache(maxsize=2)
def vocabulary(texts: tuple[str, ...], min_df: int = MIN_DF) -> Vocabulary:
    """:class:`Vocabulary` of ``texts``, shared by the probes fit on the same texts (the
    classifier and its centred variant)."""
    return Vocabulary(texts, min_df)


def centre(x: sp.csr_matrix) -> sp.csr_matrix:
    """Each row of one family's 0/1 matrix ``(n, d)`` (:meth:`Vocabulary.matrix`) minus the
    family's mean row, as scipy computes
    ``x - mean`` (the mean a sum, in row order, of each entry times ``1 / n``; exact zeros
    dropped), without its per-call overhead: the same stored entries, bit for bit."""
    n = x.shape[0]
    used = np.unique(x.indices)
    dense = x[:, used].toarray() if len(used) else np.zeros((n, 0))
    counts = dense.sum(axis=0).astype(np.int64)
    share, steps = 1.0 / n, [0.0]
    for _ in range(n):
        steps.append(steps[-1] + share)
    diff = dense - np.array(steps)[counts]
    rows, cols = np.nonzero(diff)
    return sp.csr_matrix((diff[rows, cols], used[cols], np.searchsorted(rows, np.arange(n + 1))),
                         shape=x.shape)


def fit_logistic(x: sp.csr_matrix, y: np.ndarray, l2: float = L2) -> tuple[np.ndarray, float]:
    """``(weights (d,), bias)`` of L2 logistic regression on ``x`` ``(n, d)`` and 0/1 ``y``
    ``(n,)`` (module docstring), by Newton-CG with exact Hessian-vector products."""
    sign = 2.0 * y - 1.0
    xt = x.T.tocsr()

    def split(theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return theta[:-1], x @ theta[:-1] + theta[-1]

    def loss(theta: np.ndarray) -> float:
        w, z = split(theta)
        return float(np.logaddexp(0.0, -sign * z).sum() + 0.5 * l2 * w @ w)

    def grad(theta: np.ndarray) -> np.ndarray:
        w, z = split(theta)
        resid = _sigmoid(z) - y
        return np.append(xt @ resid + l2 * w, resid.sum())

    def hessp(theta: np.ndarray, v: np.ndarray) -> np.ndarray:
        _, z = split(theta)
        p = _sigmoid(z)
        dz = p * (1.0 - p) * (x @ v[:-1] + v[-1])
        return np.append(xt @ dz + l2 * v[:-1], dz.sum())

    with _one_blas_thread():
        res = minimize(loss, np.zeros(x.shape[1] + 1), jac=grad, hessp=hessp, method="Newton-CG",
                       options={"maxiter": 200, "xtol": 1e-8})
    return res.x[:-1], float(res.x[-1])


def _one_blas_thread() -> Any:
    """A context limiting BLAS to one thread where ``threadpoolctl`` is installed (it comes
    with scikit-learn, which sentence-transformers needs): the solver's many small vector
    products run several times slower with threads on a shared machine, and one thread fixes
    their summation order."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - every supported install has it
        return contextlib.nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def _sigmoid(z: np.ndarray) -> np.ndarray:
    """Logistic function, overflow-free."""
    return np.exp(-np.logaddexp(0.0, -z))


class ClassifierProbe:
    """``classifier`` / ``classifier-centred`` and their inverses (module docstring)."""

    trained = True

    def __init__(self, centred: bool = False):
        self.centred = centred
        self.name = "classifier-centred" if centred else "classifier"
        self.inverse = f"anti-{self.name}"
        self.note = ("logistic regression on token 1-3-gram presence" +
                     (", features centred on the family mean" if centred else "") +
                     "; fit on half the problems, scored on the other half")
        self._key: object = None
        self.vocab: Vocabulary | None = None
        self.weights = np.zeros(0)
        self.bias = 0.0

    def fit(self, examples: Sequence[Example]) -> None:
        """Fit on ``(members, labels)`` training families (again only if they changed)."""
        key = tuple((m.ids, labels) for m, labels in examples)
        if key == self._key:
            return
        self.vocab = vocabulary(tuple(t for m, _ in examples for t in m.texts))
        blocks = [self._features(m) for m, _ in examples]
        y = np.array([float(v) for _, labels in examples for v in labels])
        self.weights, self.bias = fit_logistic(sp.vstack(blocks).tocsr(), y)
        self._key = key

    def _features(self, members: Members) -> sp.csr_matrix:
        if self.vocab is None:
            raise RuntimeError(f"{self.name}: fit() before score()")
        x = self.vocab.matrix(members.texts)
        return centre(x) if self.centred else x

    def score(self, members: Members) -> np.ndarray:
        """Each member's logit, ``(n,)``.  Raises RuntimeError before :meth:`fit`."""
        return np.asarray(self._features(members) @ self.weights + self.bias, dtype=np.float64)
