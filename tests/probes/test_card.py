"""Card arithmetic (exec@1, chance, lift, bootstrap CI) and the gate, checked by hand."""

from __future__ import annotations

import json

import numpy as np
import pytest

from execir.probes.card import chance_tail, gate, probe_card, roc_auc
from execir.probes.order import FileOrderProbe

from .helpers import family, family_set


def _three_families():
    # sizes 2, 4, 5 with 1, 1, 2 positives; the first member in file order is positive in the
    # first and third family only
    return family_set([
        family(("a", "b"), (True, False), positions=(0, 1), problem="p0"),
        family(("a", "b", "c", "d"), (False, True, False, False), positions=(5, 6, 7, 8), problem="p1"),
        family(("a", "b", "c", "d", "e"), (False, False, True, False, True), positions=(14, 13, 9, 10, 11),
               problem="p2"),
    ])


def _rows(card):
    return {r["probe"]: r for r in card["probes"]}


def test_exec1_chance_and_lift_by_hand():
    card = probe_card(_three_families(), probes=[FileOrderProbe()], replicates=200)
    r = _rows(card)["first-in-file"]
    chance = (1 / 2 + 1 / 4 + 2 / 5) / 3
    assert r["exec@1"] == round(2 / 3, 6)
    assert r["chance"] == round(chance, 6)
    assert r["lift"] == round(2 / 3 - chance, 6)
    assert r["n_families"] == 3 and r["ties"] == 0.0 and r["split"] == "all"


def test_bootstrap_ci_is_the_percentile_interval_of_family_resamples():
    seed, reps = 7, 500
    card = probe_card(_three_families(), probes=[FileOrderProbe()], seed=seed, replicates=reps)
    r = _rows(card)["first-in-file"]
    hit = np.array([1.0, 0.0, 1.0])
    chance = np.array([1 / 2, 1 / 4, 2 / 5])
    draws = np.random.default_rng(seed).integers(0, 3, size=(reps, 3))
    means = hit[draws].mean(axis=1)
    lifts = (hit - chance)[draws].mean(axis=1)
    assert (r["ci_low"], r["ci_high"]) == tuple(round(float(v), 6) for v in np.percentile(means, [2.5, 97.5]))
    assert (r["lift_ci_low"], r["lift_ci_high"]) == tuple(round(float(v), 6)
                                                          for v in np.percentile(lifts, [2.5, 97.5]))


def test_card_is_deterministic_for_a_seed_and_json_ready():
    a = probe_card(_three_families(), seed=3, replicates=300)
    b = probe_card(_three_families(), seed=3, replicates=300)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    c = probe_card(_three_families(), seed=4, replicates=300)
    assert [r["exec@1"] for r in c["probes"] if r["split"] == "all"] == \
        [r["exec@1"] for r in a["probes"] if r["split"] == "all"]


def test_gate_lists_probes_above_the_margin_beyond_noise():
    def r(name, e, chance, n=10):
        return {"probe": name, "exec@1": e, "ci_low": e - 0.1, "ci_high": e + 0.1, "chance": chance,
                "lift": round(e - chance, 6), "n_families": n, "split": "all"}

    rows = [r("medoid", 0.9, 0.2),           # 9 of 10 at 0.2: p = 10*0.2**9*0.8 + 0.2**10 = 4.2e-6
            r("lowest-id", 0.3, 0.2),        # 3 of 10: p = 0.32
            r("anti-medoid", 0.0, 0.2),
            r("shortest-chars", 0.6, 0.2),   # 6 of 10: p = 0.0064 < 0.05 / 5 = 0.01
            r("longest-chars", 1.0, 0.25, n=3)]  # 3 of 3 at 0.25: p = 0.0156 > 0.05 / 5 = 0.01
    assert chance_tail(rows[0]) == pytest.approx(10 * 0.2 ** 9 * 0.8 + 0.2 ** 10)
    assert chance_tail(rows[4]) == pytest.approx(0.25 ** 3)
    lines = gate({"probes": rows}, margin=0.05)
    assert [x.split(":")[0] for x in lines] == ["medoid", "shortest-chars"]
    assert lines[0] == ("medoid: exec@1 0.900 [0.800, 1.000] vs chance 0.200 on 10 families (all): lift +0.7000 "
                        "> margin 0.05 (p = 4.2e-06 by chance)")
    assert gate({"probes": rows}, margin=0.7) == []  # a lift equal to the margin passes
    # margin 0: lowest-id's +0.1 is noise (p = 0.32), so it still passes
    assert [x.split(":")[0] for x in gate({"probes": rows}, margin=0.0)] == ["medoid", "shortest-chars"]
    with pytest.raises(ValueError):
        gate({"probes": rows}, margin=-0.1)


def test_gate_catches_a_leak_confined_to_one_language():
    overall = {"probe": "longest-chars", "exec@1": 0.3, "ci_low": 0.25, "ci_high": 0.35, "chance": 0.28,
               "lift": 0.02, "lift_ci_low": -0.03, "lift_ci_high": 0.07, "n_families": 100, "split": "all"}

    def lang_row(lift, low, high):
        return {**overall, "exec@1": 0.28 + lift, "lift": lift, "lift_ci_low": low, "lift_ci_high": high,
                "n_families": 20}

    card = {"probes": [overall], "languages": {"text": [lang_row(0.7, 0.6, 0.8)],
                                               "cpp": [lang_row(0.09, -0.01, 0.2)]}}
    lines = gate(card, margin=0.05)
    assert len(lines) == 1 and lines[0].startswith("longest-chars: overall lift +0.0200")
    assert "text 0.980 vs 0.280, lift [+0.600, +0.800] on 20" in lines[0] and "cpp" not in lines[0]
    card["languages"]["text"] = [lang_row(0.07, 0.02, 0.12)]  # above the margin, but not surely
    assert gate(card, margin=0.05) == []
    # a tiny release: Go's row right on 3 of 3 families at chance 1/3 has a lift interval of
    # [+0.667, +0.667], but p = (1/3)**3 = 0.037 by chance, over the bound 0.05 / 3 probes = 0.0167
    tiny = {**overall, "exec@1": 1.0, "chance": 1 / 3, "lift": 2 / 3, "lift_ci_low": 2 / 3,
            "lift_ci_high": 2 / 3, "n_families": 3}
    card = {"probes": [overall, {**overall, "probe": "medoid"}, {**overall, "probe": "lowest-id"}],
            "languages": {"go": [tiny]}}
    assert chance_tail(tiny) == pytest.approx(1 / 27)
    assert gate(card, margin=0.05) == []
    card["languages"]["go"] = [{**tiny, "n_families": 4}]  # 4 of 4: p = 1/81 = 0.012 < 0.0167
    assert [x.split(":")[0] for x in gate(card, margin=0.05)] == ["longest-chars"]


def test_per_language_rows():
    fams = family_set([
        family(("a", "b"), (True, False), language="python", problem="p0"),
        family(("a", "b", "c"), (False, True, False), language="cpp", problem="p0"),
        family(("a", "b", "c"), (True, False, False), language="cpp", problem="p1"),
    ])
    card = probe_card(fams, probes=[FileOrderProbe()], replicates=100)
    assert sorted(card["languages"]) == ["cpp", "python"]
    cpp = card["languages"]["cpp"][0]
    assert (cpp["exec@1"], cpp["chance"], cpp["n_families"]) == (0.5, round(1 / 3, 6), 2)
    py = card["languages"]["python"][0]
    assert (py["exec@1"], py["chance"], py["n_families"]) == (1.0, 0.5, 1)
    one = probe_card(family_set([fams.families[1], fams.families[2]]), probes=[FileOrderProbe()], replicates=10)
    assert one["languages"] == {}


def test_roc_auc_by_hand():
    fams = [family(("a", "b"), (True, False)), family(("a", "b", "c"), (False, True, False))]
    scores = [np.array([0.9, 0.1]), np.array([0.5, 0.5, 0.2])]
    # positives score 0.9 and 0.5; negatives 0.1, 0.5, 0.2: pairs won 3 + 2, tied 1 (of 6)
    assert roc_auc(scores, fams) == pytest.approx((3 + 2 + 0.5) / 6)
    assert roc_auc([np.array([1.0])], [family(("a",), (True,))]) is None


def test_no_family_is_an_error():
    with pytest.raises(ValueError, match="no query has both"):
        probe_card(family_set([]))
