"""Stage 1 of execir-poly v3: ``centred`` families per (problem, language) (issue 23).

execir-poly v2 plants, beside each canonical, the first two qualifying single-edit mutants of a
seeded sample (:func:`execir.construction.poly_programs.verify_programs`): a *star* whose centre
is the canonical, so the textual medoid of each language's family picks the correct program
(``execir probe execir-poly``: medoid 0.83 within family, chance 0.32).  v3 applies the design
of :mod:`execir.construction.families` to each (problem, language), with stdin/stdout suites:

1. the canonicals run (:func:`~execir.construction.poly_programs.run_canonicals`);
2. the first :data:`POOL` qualifying first-order mutants of a seeded sample of at most
   ``candidates`` (the same sample as v2's, longer) form the pool;
3. the centre is drawn uniformly over the family's ``1 + keep`` members
   (:func:`~execir.construction.families.centre_of`).  When it is a mutant, it is the pool's
   member nearest the canonical for the out-of-fold snippet probes, and the family becomes that
   mutant, the canonical (one edit from it) and ``keep - 1`` second-order mutants: single-edit
   mutants of the centre that qualify as any planted mutant does, recorded with the centre's edit
   as ``parent``.  When the draw is a mutant but none of its :data:`SECOND_CANDIDATES` qualifies,
   the family stays a star (counted: ``fallback_to_star``);
4. every pick is adversarial (:func:`~execir.construction.adversarial.targeted`): for each
   trained probe the number of planted mutants scoring above the canonical is drawn, and among
   the ways to meet the draws the candidates nearest the canonical are planted.  The models
   (:class:`~execir.construction.adversarial.FoldScorer`) learn from each program's canonical
   and enumerated mutants only, split by problem, so no execution and no other language of the
   same problem enters the score of a program.  The number of planted mutants shorter than the
   canonical is drawn the same way, and the same draw is the number with fewer syntax-tree
   nodes (two more targets), so the size probes sit at chance too;
5. the family filter (:mod:`execir.construction.filtering`, halves split by problem) removes
   the (problem, language) families whose canonical the trained probes still find: every
   planted mutant carries an operator's edit and the canonical none, a style a classifier fit
   on the release's own families learns (v3 before the filter: classifier +0.19 over chance).
   A problem left with fewer than two languages is dropped by the assembly.

The corpus files of a ``centred`` release are written in a seeded shuffled order
(:func:`execir.construction.multitask.assemble`), and document ids are content hashes, so
neither carries the answer.  Everything is deterministic for a seed.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

import numpy as np

from execir.construction.adversarial import FoldScorer, hardest, rank_targets, targeted
from execir.construction.families import TRAIN_MUTANTS, centre_of
from execir.construction.filtering import filter_families
from execir.construction.poly_programs import (DEFAULT_KEEP, Live, Program, candidate_sample,
                                               qualifying_in_rounds, run_canonicals, sample_rng)
from execir.execution import Oracle
from execir.mutation.engine import enumerate_mutants
from execir.mutation.select import VerifiedMutant
from execir.probes.size import ast_size
from execir.records import sha256_text

#: first-order candidates run per (problem, language), at most (v2's sample of 6, extended)
CANDIDATES = 10
#: qualifying first-order mutants gathered per (problem, language): the pool the picks come from
POOL = 4
#: second-order candidates run per re-centred family, at most
SECOND_CANDIDATES = 8
#: qualifying second-order mutants gathered per re-centred family
SECOND_POOL = 2


def family_key(item: Live) -> str:
    """The key of ``item``'s family in the draws and the fold models: ``language:problem``
    (as :func:`_scorer` names it)."""
    return f"{item.language}:{item.problem.problem_id}"


def verify_centred(problems: Sequence[Any], oracle: Oracle, *, seed: int = 0, candidates: int = CANDIDATES,
                   keep: int = DEFAULT_KEEP, learn_from: Sequence[Any] | None = None
                   ) -> tuple[dict[tuple[str, str], list[Program]], list[str], dict]:
    """Stage 1 with ``centred`` families (module docstring).

    Args:
        problems: :class:`execir.datasets.poly_sources.PolyProblem` records.
        oracle: runs every program (its ``timeout`` caps the mutant time ladder).
        seed: seeds the samples, the centres, the folds and the rank draws.
        candidates: first-order candidates run per (problem, language), at most.
        keep: mutants planted per (problem, language) (fewer when too few qualify).
        learn_from: the problems whose programs the fold models learn from (default
            ``problems``; nothing of them runs): a subset of a release re-verified with
            ``learn_from`` = the release's problems plants what the whole build planted.

    Returns:
        ``(programs, rejections, design)``: ``programs`` and ``rejections`` as
        :func:`~execir.construction.poly_programs.verify_programs` returns them (the canonical
        first, then the planted mutants, centre first); ``design`` the counts for the manifest.
    """
    live, rejections = run_canonicals(problems, oracle)
    enumerated = [enumerate_mutants(item.canonical, language=item.language) for item in live]
    cands = [candidate_sample(muts, sample_rng(seed, item), candidates) for item, muts in zip(live, enumerated)]
    found = qualifying_in_rounds(oracle, live, cands, [POOL] * len(live), progress="executing mutants")
    pools = [[VerifiedMutant(m, res.outcomes, j) for j, (m, res) in enumerate(kept)] for kept in found]
    scorer = _scorer(problems if learn_from is None else learn_from, seed,
                     {(item.canonical, item.language): muts for item, muts in zip(live, enumerated)})
    centres: dict[int, VerifiedMutant] = {}
    for i, item in enumerate(live):
        if pools[i] and centre_of(family_key(item), 1 + keep, seed) != 0:
            _, near = scorer.compare(family_key(item), item.canonical, [v.mutant.code for v in pools[i]])
            centres[i] = hardest(pools[i], near, 1)[0]
    moved = sorted(centres)
    second = [candidate_sample(enumerate_mutants(centres[i].mutant.code, language=live[i].language),
                               random.Random(f"{seed}:second-order:{family_key(live[i])}"), SECOND_CANDIDATES,
                               exclude=(live[i].canonical, centres[i].mutant.code)) for i in moved]
    leaves_found = qualifying_in_rounds(oracle, [live[i] for i in moved], second, [SECOND_POOL] * len(moved),
                                        progress="executing second-order mutants")
    leaves = {i: [VerifiedMutant(m, res.outcomes, j, parent=centres[i].mutant) for j, (m, res) in enumerate(kept)]
              for i, kept in zip(moved, leaves_found)}
    out: dict[tuple[str, str], list[Program]] = {}
    design = {"families": len(live), "centred_on_canonical": 0, "centred_on_mutant": 0, "fallback_to_star": 0,
              "first_order_qualifying": sum(len(p) for p in pools),
              "second_order_candidates": sum(len(c) for c in second),
              "second_order_qualifying": sum(len(v) for v in leaves.values()), "second_order_planted": 0}
    for i, item in enumerate(live):
        chosen = _picks(scorer, item, pools[i], centres.get(i), leaves.get(i, []), keep, seed)
        kind = ("centred_on_canonical" if i not in centres else
                "centred_on_mutant" if chosen and chosen[0] is centres[i] else "fallback_to_star")
        design[kind] += 1
        design["second_order_planted"] += sum(v.parent is not None for v in chosen)
        out[item.key] = [Program(item.canonical, item.language, True, None, item.result.outcomes)] + [
            Program(v.mutant.code, item.language, False, v.record(), v.outcomes) for v in chosen]
    design["filter"] = _filter(out, rejections, seed)
    return out, rejections, design


def _filter(programs: dict[tuple[str, str], list[Program]], rejections: list[str], seed: int) -> dict[str, Any]:
    """The family filter (:func:`execir.construction.filtering.filter_families`, halves split by
    problem): the (problem, language) families whose canonical the snippet-only probes still
    find leave ``programs``, one line each in ``rejections`` (a problem left with fewer than two
    languages is then dropped by the assembly); returns the filter's summary."""
    fams, languages, groups = {}, {}, {}
    for (pid, lang), progs in sorted(programs.items()):
        if len(progs) > 1:
            key = f"{lang}:{pid}"
            fams[key] = ([p.code for p in progs], [p.passed for p in progs])
            languages[key], groups[key] = lang, pid
    result = filter_families(fams, seed, languages=languages, groups=groups)
    for key, iteration, predictability in result.dropped:
        lang, pid = key.split(":", 1)
        del programs[(pid, lang)]
        rejections.append(f"{pid} [{lang}]: family filter: the snippet-only probes find its canonical without "
                          f"the query (predictability {predictability:.3f}, iteration {iteration})")
    return result.summary()


def _picks(scorer: FoldScorer, item: Live, pool: Sequence[VerifiedMutant], centre: VerifiedMutant | None,
           leaves: Sequence[VerifiedMutant], keep: int, seed: int) -> list[VerifiedMutant]:
    """The planted mutants of one family: the centre and its leaves, or (centre on the canonical,
    or no qualifying leaf) ``keep`` of the first-order pool; adversarial picks throughout, with
    the count of planted mutants shorter than the canonical drawn too (:func:`_compare`)."""
    key = family_key(item)
    size = random.Random(f"{seed}:length:{key}").randrange(keep + 1)
    want = rank_targets(key, keep, seed) + (size, size)
    if centre is None or not leaves:
        return targeted(pool, *_compare(scorer, key, item.canonical, pool), keep, want)
    centre_above, _ = _compare(scorer, key, item.canonical, [centre])
    left = [max(0, t - int(a)) for t, a in zip(want, centre_above[0])]
    return [centre] + targeted(leaves, *_compare(scorer, key, item.canonical, leaves), keep - 1, left)


def _compare(scorer: FoldScorer, key: str, canonical: str, mutants: Sequence[VerifiedMutant]
             ) -> tuple[np.ndarray, np.ndarray]:
    """:meth:`FoldScorer.compare` with two more columns: the mutant is shorter than the canonical
    in characters, and it has fewer syntax-tree nodes (:func:`execir.probes.size.ast_size`), so
    the count the size probes would put above the canonical is drawn like the trained probes'
    (one draw for both columns, :func:`_picks`).  Before the character column the canonical was
    the shortest member in 40% of the code families (chance 33%); with it alone, Go's canonical
    had the fewest nodes in 0.485 of 101 families (chance 0.333), and with the node column too
    in 0.474 of 97 (the shipped v3): operators insert nodes far more often than they remove them
    (5 of 99 Go families have a planted mutant with fewer nodes, 36 one with more), so a drawn
    "fewer" is mostly unmet (``benchmarks/README.md``, "execir-poly v3")."""
    codes = [v.mutant.code for v in mutants]
    above, distance = scorer.compare(key, canonical, codes)
    nodes = ast_size(canonical, key.split(":", 1)[0])
    sizes = np.array([[len(c) < len(canonical), ast_size(c, key.split(":", 1)[0]) < nodes] for c in codes],
                     dtype=bool).reshape(-1, 2)
    return np.hstack([above, sizes]), distance


def _scorer(problems: Sequence[Any], seed: int, enumerated: Mapping[tuple[str, str], Sequence[Any]]
            ) -> FoldScorer:
    """The fold models of the picks: each program of ``problems`` (every language, run or not)
    and up to :data:`~execir.construction.families.TRAIN_MUTANTS` of its enumerated mutants
    (lowest code hash first; ``enumerated``: (code, language) -> mutants already enumerated),
    per language, folds split by problem."""
    fams: dict[str, tuple[list[str], list[bool]]] = {}
    languages, groups = {}, {}
    for p in problems:
        for lang, code in p.solutions.items():
            key = f"{lang}:{p.problem_id}"
            muts = enumerated.get((code, lang))
            if muts is None:
                muts = enumerate_mutants(code, language=lang)
            codes = sorted({m.code for m in muts}, key=sha256_text)[:TRAIN_MUTANTS]
            fams[key] = ([code, *codes], [True] + [False] * len(codes))
            languages[key], groups[key] = lang, p.problem_id
    return FoldScorer(fams, seed, languages=languages, groups=groups)
