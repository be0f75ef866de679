"""The centred design's family filter (execir.construction.filtering, AFLite over families)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from execir.construction import filtering
from execir.construction.filtering import (MIN_FAMILIES, TARGET, canonical_rank, filter_families,
                                           predictability)


def test_canonical_rank_counts_negatives_below_and_ties_half():
    # positive 0.5; negatives 0.1 (below), 0.5 (tie), 0.9 (above): (1 + 0.5) / 3
    rank, top, bottom = canonical_rank(np.array([0.5, 0.1, 0.5, 0.9]), (True, False, False, False))
    assert rank == pytest.approx(0.5) and not top and not bottom
    assert canonical_rank(np.array([2.0, 1.0, 0.0]), (True, False, False)) == (1.0, True, False)
    assert canonical_rank(np.array([-1.0, 1.0, 0.0]), (True, False, False)) == (0.0, False, True)


def test_predictability_follows_the_direction_of_each_leak():
    ranks = np.array([0.9, 0.2, 0.5])
    # no probe over the target: nothing to feed
    assert predictability(ranks, {"a": [0.0, 0.0], "b": [0.0, 0.0], "c": [0.0, 0.0]}) == 0.0
    # probe a picks the canonical too often: a family ranked 0.9 under it feeds that by 0.4
    assert predictability(ranks, {"a": [0.2, -0.1], "b": [0.0, 0.0], "c": [0.0, 0.0]}) == 0.4
    # probe b's inverse picks it too often: a family ranked 0.2 under b feeds that by 0.3
    assert predictability(ranks, {"a": [0.0, 0.0], "b": [-0.1, 0.2], "c": [0.0, 0.0]}) == 0.3


def _families(n: int, marked: int, seed: int = 7) -> dict[str, tuple[list[str], list[bool]]]:
    """``n`` families of 1 canonical and 3 distractors; in ``marked`` of them the canonical alone
    carries a comment token (a construction artefact a snippet-only classifier learns), in the
    rest nothing tells it apart.  The canonical's list position is random."""
    rng = random.Random(seed)
    out = {}
    for i in range(n):
        body = [f"def f{i}(x):\n    return x {op} {c}\n"
                for op, c in zip(rng.sample("+-*/", 4), rng.sample(range(10), 4))]
        if i < marked:
            body[0] = body[0].replace("return", "# checked\n    return")
        order = list(range(4))
        rng.shuffle(order)
        out[f"t{i:03d}"] = ([body[j] for j in order], [j == 0 for j in order])
    return out


def test_a_planted_artefact_is_filtered_away():
    fams = _families(200, marked=30)
    result = filter_families(fams, seed=0)
    dropped = {t for t, _, _ in result.dropped}
    marked = {f"t{i:03d}" for i in range(30)}
    # the leak was over the target before, and is gone after
    first, last = result.iterations[0], result.iterations[-1]
    assert first["classifier"][0] > TARGET and first["classifier-centred"][0] > TARGET
    assert all(max(last[p]) <= TARGET for p in ("classifier", "classifier-centred", "naturalness"))
    # the marked families go far more often than the others (which go when their canonical
    # happens to look right to the models: that is what the filter is for, too)
    marked_rate = len(dropped & marked) / len(marked)
    other_rate = len(dropped - marked) / (len(fams) - len(marked))
    assert marked_rate >= 0.5 and marked_rate >= 4 * other_rate
    assert set(result.kept) | dropped == set(fams) and not set(result.kept) & dropped
    assert result.summary()["dropped"] == len(dropped) == len(fams) - len(result.kept)


def test_the_filter_is_deterministic_and_seeded():
    fams = _families(60, marked=10)
    assert filter_families(fams, seed=3) == filter_families(dict(reversed(fams.items())), seed=3)


def test_small_releases_are_left_as_they_are():
    fams = _families(MIN_FAMILIES - 1, marked=10)
    result = filter_families(fams, seed=0)
    assert result.kept == tuple(sorted(fams)) and result.dropped == () and result.iterations == ()


def test_the_filter_stops_at_its_ceiling(monkeypatch):
    monkeypatch.setattr(filtering, "MAX_DROP", 0.1)
    fams = _families(60, marked=40)
    result = filter_families(fams, seed=0)
    assert len(result.dropped) <= 6


def test_a_family_without_a_negative_is_refused():
    fams = _families(MIN_FAMILIES, marked=0)
    fams["t000"] = (fams["t000"][0], [True] * 4)
    with pytest.raises(ValueError, match="t000"):
        filter_families(fams, seed=0)


def test_halves_keep_a_problem_s_languages_on_one_side():
    """execir-poly's filter splits by problem: a problem's families in every language are all
    trained on or all held out, never both (the other languages would teach its identifiers)."""
    from execir.construction.filtering import _halves

    keys = [f"{lang}:p{i}" for i in range(10) for lang in ("python", "ruby", "go")]
    groups = {k: k.split(":")[1] for k in keys}
    for r in range(4):
        train, held = _halves(keys, 0, r, groups)
        assert sorted(train + held) == sorted(keys) and len(train) == 15
        assert {groups[k] for k in train}.isdisjoint({groups[k] for k in held})
    # without groups each key is its own problem: the split of v2's single-task builds
    plain = _halves(keys, 0, 0)
    assert len(plain[0]) == 15 and {groups[k] for k in plain[0]} & {groups[k] for k in plain[1]}
