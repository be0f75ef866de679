"""The problem-disjoint split of trained probes: half of the problems to fit on, half to score.

Problems (a family's ``problem_id``: the task or seed problem every language and every query of
it share) are sorted, shuffled with ``numpy.random.default_rng(seed)`` and cut in two; the first
``floor(n / 2)`` problems train, the rest are held out.  No problem has families in both halves,
so a trained probe never scores a family whose canonical, mutants or other-language solutions
it has seen.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from execir.probes.family import Family


def problem_split(fams: Sequence[Family], seed: int) -> tuple[list[Family], list[Family]]:
    """``(train, held_out)`` families, each in input order (module docstring).

    Raises:
        ValueError: fewer than two problems (nothing to hold out).
    """
    problems = sorted({f.problem_id for f in fams})
    if len(problems) < 2:
        raise ValueError(f"a problem-disjoint split needs at least 2 problems, got {len(problems)}")
    order = np.random.default_rng(seed).permutation(len(problems))
    train = {problems[i] for i in order[: len(problems) // 2]}
    return [f for f in fams if f.problem_id in train], [f for f in fams if f.problem_id not in train]
