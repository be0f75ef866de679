"""Every probe on hand-built families, with the expected scores and picks worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from execir.probes.probe_base import Inverted
from execir.probes.card import default_probes, pick
from execir.probes.majority import MajorityProbe, aligned_slots, consensus
from execir.probes.medoid import MedoidProbe
from execir.probes.order import FileOrderProbe, LowestIdProbe
from execir.probes.size import AstSizeProbe, CharLengthProbe, ast_size
from execir.probes.tokens import tokens

from .helpers import CANONICAL, MUTANTS, family, star


def picked(probe, fam) -> str:
    return fam.members.ids[pick(probe.score(fam.members), fam.members.ids)[0]]


def test_medoid_scores_of_a_star_family():
    # CANONICAL has 14 tokens; a single replacement keeps 13 matches (ratio 2*13/28), two
    # different replacements keep 12 (2*12/28)
    assert len(tokens(CANONICAL)) == 14
    scores = MedoidProbe().score(star().members)
    mutant = (13 / 14 + 2 * 12 / 14) / 3
    assert np.allclose(scores, [13 / 14, mutant, mutant, mutant])
    assert picked(MedoidProbe(), star()) == "a-canon"


def test_anti_medoid_picks_a_mutant_ties_by_id():
    anti = Inverted(MedoidProbe())
    assert anti.name == "anti-medoid" and anti.inverse == "medoid"
    # the three mutants tie at the lowest mean similarity: the smallest id wins
    assert picked(anti, star()) == "b-m1"
    assert pick(anti.score(star().members), star().members.ids) == (1, True)


def test_medoid_follows_the_text_not_the_order_or_ids():
    fam = family((*MUTANTS, CANONICAL), (False, False, False, True), ids=("z1", "z2", "z3", "z0"))
    assert picked(MedoidProbe(), fam) == "z0"


def test_aligned_slots_by_hand():
    centre = ["a", "b", "c"]
    # slots: before a, a, before b, b, before c, c, after c
    assert aligned_slots(centre, ["a", "b", "c"]) == [(), ("a",), (), ("b",), (), ("c",), ()]
    assert aligned_slots(centre, ["a", "x", "c"]) == [(), ("a",), (), ("x",), (), ("c",), ()]
    assert aligned_slots(centre, ["a", "c"]) == [(), ("a",), (), (), (), ("c",), ()]
    assert aligned_slots(centre, ["a", "b", "y", "c"]) == [(), ("a",), (), ("b",), ("y",), ("c",), ()]
    assert aligned_slots(centre, ["a", "b", "c", "d"]) == [(), ("a",), (), ("b",), (), ("c",), ("d",)]


def test_majority_consensus_of_a_star_is_the_canonical():
    assert consensus(star().members) == tokens(CANONICAL)
    scores = MajorityProbe().score(star().members)
    assert scores[0] == 1.0 and np.allclose(scores[1:], 13 / 14)
    assert picked(MajorityProbe(), star()) == "a-canon"
    assert picked(Inverted(MajorityProbe()), star()) == "b-m1"


def test_majority_outvotes_the_medoid():
    # two copies of an edited variant and the original: position 3 votes "x" twice, "b" once
    texts = ("a b c d e", "a x c d e", "a x c d e")
    fam = family(texts, (False, True, False), ids=("k0", "k1", "k2"))
    assert consensus(fam.members) == ["a", "x", "c", "d", "e"]
    scores = MajorityProbe().score(fam.members)
    assert np.allclose(scores, [8 / 10, 1.0, 1.0])
    assert picked(MajorityProbe(), fam) == "k1"  # k1 and k2 tie at 1.0: smallest id


def test_longest_and_shortest_in_characters():
    fam = family(("def f(x):\n    return x\n", "def f(x):\n    return x + 1\n", "def f(x):\n    return -x\n"),
                 (True, False, False))
    assert CharLengthProbe().score(fam.members).tolist() == [23.0, 27.0, 24.0]  # 10 + 13, 10 + 17, 10 + 14
    assert picked(CharLengthProbe(), fam) == "m1"  # the longer mutant
    assert picked(Inverted(CharLengthProbe()), fam) == "m0"
    assert Inverted(CharLengthProbe()).name == "shortest-chars"


def test_ast_sizes_by_hand():
    # Module, Assign, Name, Store, Constant
    assert ast_size("x = 1", "python") == 5
    # translation_unit, declaration, primitive_type, init_declarator, identifier, number_literal
    assert ast_size("int x = 1;", "cpp") == 6
    # fallbacks: tokens
    assert ast_size("def (:", "python") == 3
    assert ast_size("Sort the list, then stop.", "text") == 7


def test_ast_probe_picks_the_bigger_tree():
    fam = family(("x = 1", "x = 1 + y"), (True, False))
    # x = 1 + y: Module, Assign, Name x, Store, BinOp, Constant, Add, Name y, Load = 9
    assert AstSizeProbe().score(fam.members).tolist() == [5.0, 9.0]
    assert picked(AstSizeProbe(), fam) == "m1"
    assert picked(Inverted(AstSizeProbe()), fam) == "m0"


def test_lowest_id_and_highest_id():
    fam = family(("a", "b", "c"), (False, True, False), ids=("id-2", "id-0", "id-1"))
    assert picked(LowestIdProbe(), fam) == "id-0"
    assert picked(Inverted(LowestIdProbe()), fam) == "id-2"


def test_first_and_last_in_file():
    fam = family(("a", "b", "c"), (False, True, False), positions=(40, 7, 12))
    assert picked(FileOrderProbe(), fam) == "m1"
    assert picked(Inverted(FileOrderProbe()), fam) == "m0"


def test_pick_tie_rule_and_errors():
    assert pick(np.array([1.0, 1.0, 0.0]), ("b", "a", "c")) == (1, True)
    assert pick(np.array([0.3, 1.0, 0.0]), ("b", "a", "c")) == (1, False)
    # scores equal up to float noise tie
    assert pick(np.array([0.1 + 0.2, 0.3]), ("b", "a")) == (1, True)
    with pytest.raises(ValueError):
        pick(np.array([1.0, math.nan]), ("a", "b"))
    with pytest.raises(ValueError):
        pick(np.array([1.0]), ("a", "b"))


def test_every_default_probe_has_its_inverse_next_to_it():
    probes = default_probes()
    names = [p.name for p in probes]
    assert len(names) == len(set(names))
    for a, b in zip(probes[::2], probes[1::2]):
        assert a.inverse == b.name and b.inverse == a.name and a.trained == b.trained
        assert a.note and b.note
