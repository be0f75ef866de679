"""The trained probes: the problem-disjoint split, the classifier and the naturalness model."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from execir.probes.card import probe_card
from execir.probes.classifier import ClassifierProbe, Vocabulary, ngrams
from execir.probes.naturalness import NaturalnessProbe, TrigramModel
from execir.probes.split import problem_groups, problem_split

from .helpers import family, family_set


def _marked(n_problems: int, languages=("python", "cpp")):
    """Per problem and language: a positive with the token ``good`` and two negatives with
    ``bad``, problem-specific identifiers otherwise; odd problems list the positive last, so
    member order carries nothing."""
    fams = []
    for p in range(n_problems):
        for lang in languages:
            texts = [f"def f{p}(x): return good(x) + {p}", f"def f{p}(x): return bad(x) + {p}",
                     f"def f{p}(x): return bad(x) - {p}"]
            positive = [True, False, False]
            if p % 2:
                texts, positive = texts[::-1], positive[::-1]
            fams.append(family(texts, positive, ids=(f"{p}{lang}a", f"{p}{lang}b", f"{p}{lang}c"),
                               language=lang, problem=f"prob{p}", query=f"q{p}{lang}"))
    return fams


def test_problem_split_is_disjoint_seeded_and_complete():
    fams = _marked(10)
    train, held = problem_split(fams, seed=0)
    assert not {f.problem_id for f in train} & {f.problem_id for f in held}
    assert len({f.problem_id for f in train}) == 5 and len({f.problem_id for f in held}) == 5
    assert sorted(f.query_id for f in train + held) == sorted(f.query_id for f in fams)
    again, _ = problem_split(fams, seed=0)
    assert [f.query_id for f in again] == [f.query_id for f in train]
    other = {tuple(sorted({f.problem_id for f in problem_split(fams, seed=s)[0]})) for s in range(6)}
    assert len(other) > 1
    with pytest.raises(ValueError):
        problem_split(fams[:2], seed=0)  # one problem, two languages


def test_problems_sharing_a_judged_text_stay_on_one_side_of_the_split():
    # six text families in the windows of execir-poly v3: d0's family judges d1 and d2, and so on
    # round the two rings (p0 p1 p2) and (p3 p4 p5); two code families are their problems' own
    ring = lambda i, base: (f"d{base + i}", f"d{base + (i + 1) % 3}", f"d{base + (i + 2) % 3}")
    fams = [family(("x", "y", "z"), (True, False, False), ids=ring(i, base), language="text",
                   problem=f"p{base + i}", query=f"t{base + i}") for base in (0, 3) for i in range(3)]
    fams += [family(("a", "b"), (True, False), ids=(f"c{p}a", f"c{p}b"), problem=f"p{p}", query=f"c{p}")
             for p in (0, 4)]
    assert problem_groups(fams) == {"p0": "p0", "p1": "p0", "p2": "p0", "p3": "p3", "p4": "p3", "p5": "p3"}
    for seed in range(4):
        train, held = problem_split(fams, seed)
        assert {f.problem_id for f in train} in ({"p0", "p1", "p2"}, {"p3", "p4", "p5"})
        assert not {d for f in train for d in f.members.ids} & {d for f in held for d in f.members.ids}
    with pytest.raises(ValueError, match="1 group of 3 problems"):
        problem_split(fams[:3], seed=0)
    # with no shared document every problem is its own group, and the split is the one by problem:
    # problems sorted, permuted by the seed, the first half trains
    marked = _marked(10)
    order = np.random.default_rng(7).permutation(10)
    expected = {sorted(f"prob{p}" for p in range(10))[i] for i in order[:5]}
    assert {f.problem_id for f in problem_split(marked, seed=7)[0]} == expected


def test_ngrams_and_vocabulary():
    assert ngrams("a + b", orders=(1, 2)) == {"a", "+", "b", "a +", "+ b"}
    vocab = Vocabulary(["a + b", "a + c", "d"], min_df=2)
    assert vocab.terms == ("+", "a", "a +")
    x = vocab.matrix(["a + z", "q"]).toarray()
    assert x.tolist() == [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]]


@pytest.mark.parametrize("centred", [False, True])
def test_classifier_learns_a_marker_on_held_out_problems(centred):
    card = probe_card(family_set(_marked(12)), probes=[ClassifierProbe(centred=centred)], replicates=50)
    r = card["probes"][0]
    assert r["split"] == "held-out" and r["n_families"] == 12  # 6 problems x 2 languages
    assert card["split"] == {"train_problems": 6, "train_families": 12, "held_out_problems": 6,
                             "held_out_families": 12}
    assert r["exec@1"] == 1.0 and r["auc"] == 1.0
    assert r["chance"] == round(1 / 3, 6)


class _Recorder(ClassifierProbe):
    def __init__(self):
        super().__init__()
        self.fit_ids: set[str] = set()
        self.scored_ids: set[str] = set()

    def fit(self, examples):
        self.fit_ids |= {i for m, _ in examples for i in m.ids}
        super().fit(examples)

    def score(self, members):
        self.scored_ids |= set(members.ids)
        return super().score(members)


def _problem(member_id: str) -> str:
    return re.match(r"\d+", member_id).group()


def test_trained_probes_never_score_a_training_problem():
    rec = _Recorder()
    probe_card(family_set(_marked(8)), probes=[rec], replicates=10)
    assert rec.fit_ids and rec.scored_ids
    assert not {_problem(i) for i in rec.fit_ids} & {_problem(i) for i in rec.scored_ids}


def test_trained_probe_needs_two_problems():
    fams = family_set([family(("a", "b"), (True, False), problem="only")])
    card = probe_card(fams, probes=[ClassifierProbe()], replicates=10)
    assert card["probes"] == [] and "not run" in card["notes"]["classifier"]


def test_trigram_probabilities_by_hand():
    m = TrigramModel([["a", "b"]])
    # unigrams a, b, </s> (N = 3, V = 3): p1(a) = 2/7; p2(a|<s>) = (1 + 2/7)/2; p3 = (1 + 9/14)/2
    assert m.logprob("<s>", "<s>", "a") == pytest.approx(math.log(23 / 28))
    # unseen z after "a b": p1 = 1/7, p2 = (0 + 1/7)/(1 + 1), p3 = (0 + 1/14)/(1 + 1)
    assert m.logprob("a", "b", "z") == pytest.approx(math.log(1 / 28))
    seq_mean = (math.log(23 / 28) + m.logprob("<s>", "a", "b") + m.logprob("a", "b", "</s>")) / 3
    assert m.mean_logprob(["a", "b"]) == pytest.approx(seq_mean)


def test_naturalness_prefers_the_usual_edit():
    # training snippets always compare with "<" (their mutants change another token); the
    # held-out family's mutant writes "<="
    train = [family((f"for i in range(k{p}): if i < n: s += i", f"for i in range(k{p}): if i < n: s -= i"),
                    (True, False), problem=f"p{p}") for p in range(30)]
    probe = NaturalnessProbe()
    probe.fit([(f.members, f.positive) for f in train[:20]])
    held = family(("while j <= n: t -= j", "while j < n: t -= j"), (False, True), ids=("x0", "x1"))
    scores = probe.score(held.members)
    assert scores[1] > scores[0]
    # a language without training data uses the pooled model
    other = family(held.members.texts, held.positive, language="ruby")
    assert np.allclose(probe.score(other.members), scores)
