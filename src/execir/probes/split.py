"""The problem-disjoint split of trained probes: half of the problems to fit on, half to score.

The unit of the split is a *group*: the problems linked, directly or through others, by a judged
document two of their families share.  In a release where every document belongs to one problem
(execir-py, execir-poly's star design) each group is one problem; in HumanEval, HumanEval/48's
family judges HumanEval/10's snippets (they define ``is_palindrome``), so those two are one group.  In execir-poly's
centred design a problem's code-to-text hard negatives are other problems' descriptions
(:func:`execir.construction.multitask.domain_negatives`), so a description is the positive of
one family and a negative of others; split by problem alone, a classifier would see a held-out
family's negatives labelled in training (each once positive) and its positive only as a
negative, and its inverse would find the positive.  Splitting by group keeps every document on
one side.

Groups (keyed by their smallest problem id) are sorted, shuffled with
``numpy.random.default_rng(seed)`` and cut in two; the first ``floor(n / 2)`` groups train, the
rest are held out.  No problem, and no document, has families in both halves, so a trained probe
never scores a family whose canonical, mutants, other-language solutions or judged texts it has
seen.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from execir.probes.family import Family


def problem_groups(fams: Sequence[Family]) -> dict[str, str]:
    """Problem id -> its group's key (the smallest problem id of the group; module docstring)."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[str, str] = {}
    for f in fams:
        parent.setdefault(f.problem_id, f.problem_id)
        for doc in f.members.ids:
            other = owner.setdefault(doc, f.problem_id)
            a, b = root(other), root(f.problem_id)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {p: root(p) for p in sorted(parent)}


def problem_split(fams: Sequence[Family], seed: int) -> tuple[list[Family], list[Family]]:
    """``(train, held_out)`` families, each in input order (module docstring).

    Raises:
        ValueError: fewer than two groups (nothing to hold out).
    """
    group = problem_groups(fams)
    keys = sorted(set(group.values()))
    if len(keys) < 2:
        raise ValueError(f"a problem-disjoint split needs at least 2 problems with no judged document in "
                         f"common, got {len(keys)} group{'s' if len(keys) != 1 else ''} of {len(group)} problems")
    order = np.random.default_rng(seed).permutation(len(keys))
    train = {keys[i] for i in order[: len(keys) // 2]}
    return ([f for f in fams if group[f.problem_id] in train],
            [f for f in fams if group[f.problem_id] not in train])
