"""Family designs: how a task's canonical and its planted distractors are arranged (issue 23).

A task's *family* is its judged snippets: the canonical (relevance 2) and its hard negatives.

* ``star`` (v1, ExecRetrieval §3.3): every distractor is one edit of the canonical.  Every pair
  of distractors is then two edits apart and the canonical one from each, so the textual medoid
  of a family is its canonical: a probe that reads neither the query nor the tests finds the
  answer (``execir probe``: medoid exec@1 within family 0.96–1.00, chance 0.20–0.33).
* ``centred``: the node the others are one edit from -- the *centre* -- is drawn uniformly over
  the family's ``1 + k`` members (seeded per task).  When the draw is the canonical the family is
  the star.  When it is planted distractor ``m``, the family becomes ``m``, the canonical (one
  edit from ``m``: the edit undone) and ``k - 1`` second-order mutants: single-edit mutants of
  ``m``, each executed against the task's tests and qualifying as any distractor does (killed
  by a wrong output, no time-out, not slow: :func:`~execir.mutation.select.eligible`).  Each
  records its own edit (span in ``m``'s code) and ``m``'s edit as ``parent``: two attributable
  edits from the canonical.  So the centre is the correct snippet with probability
  ``1 / (1 + k)``, which is chance, and the member at the centre of the edit graph tells
  nothing about correctness.

Which qualifying mutants are planted, in either kind of family, is the adversarial choice of
:mod:`execir.construction.adversarial` (those snippet-only models cannot tell from the
canonical).  Slow suites follow the ratio rule (:func:`execir.construction.slow.slow_threshold`).
The corpus of a ``centred`` release is written in a seeded shuffled order (:func:`shuffled`), so
neither file position nor id (a hash of the code) carries the answer.  Choosing among the mutants
that exist still leaves the canonical the one member without an operator's edit, which a
classifier fit on the release's own families learns (+0.10 to +0.16 over chance); the build then
removes the tasks whose canonical those probes find (:mod:`execir.construction.filtering`), and
the slow rule counts work near its threshold (:mod:`execir.construction.work`) so that rebuilds
under any load plant the same distractors.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from execir.construction.adversarial import FoldScorer, hardest, rank_targets, targeted
from execir.construction.slow import Counting, judged_runs
from execir.construction.verify import language_of
from execir.execution import Oracle
from execir.mutation import enumerate_mutants
from execir.mutation.mutant import EXTENDED, SIX_TYPES
from execir.mutation.select import VerifiedMutant, eligible
from execir.records import Snippet, Task, sha256_text

STAR = "star"
CENTRED = "centred"
#: the family designs, v1's first
DESIGNS = (STAR, CENTRED)
#: enumerated mutants per task the fold models learn from (a fixed, execution-free sample)
TRAIN_MUTANTS = 8
#: second-order candidates executed per re-centred family (a seeded sample of ``m``'s mutants)
CANDIDATES = 24


def centre_of(task_id: str, n_members: int, seed: int) -> int:
    """The centre drawn for a family of ``n_members`` (0 = the canonical, ``i`` = the ``i``-th
    planted distractor), uniform and seeded by ``seed`` and ``task_id``."""
    return random.Random(f"{seed}:centre:{task_id}").randrange(n_members)


def recentre(oracle: Oracle, tasks: Sequence[Task], chosen: dict[str, list[VerifiedMutant]],
             pools: Mapping[str, Sequence[VerifiedMutant]], enumerated: Mapping[str, Sequence],
             task_limit: Mapping[str, float], canonical_seconds: Mapping[str, float], *,
             seed: int, extended: bool = False, counting: Counting = Counting()) -> dict[str, int]:
    """Apply the ``centred`` design to ``chosen`` (task id -> planted distractors of the seeded
    star selection, updated in place; module docstring).

    Every pick is adversarial (:mod:`execir.construction.adversarial`): among the qualifying
    candidates, the ones nearest to the canonical for out-of-fold snippet-only probes.  The
    probes learn from each task's canonical and its *enumerated* mutants (:func:`training_set`),
    which no execution decides, so a suite that a loaded machine times differently changes the
    picks of its own task only, never, through the models, those of every other task.

    Args:
        oracle: runs the second-order candidates (under each task's mutant time limit).
        tasks: the released tasks.
        pools: task id -> every first-order mutant that qualifies as a distractor.
        enumerated: task id -> every first-order mutant enumerated (executed or not).
        task_limit: task id -> mutant time limit (seconds).
        canonical_seconds: task id -> its canonical's least measured CPU seconds.
        seed: the build seed (draws the centre, the folds and the candidate sample).
        extended: second-order mutants may come from ``extended`` operators too.
        counting: what the slow rule counts (:class:`~execir.construction.slow.Counting`).

    Returns:
        ``{"families", "centred_on_canonical", "centred_on_distractor",
        "second_order_candidates", "second_order_planted"}`` counts for the build report.
    """
    live = [t for t in tasks if chosen.get(t.task_id)]
    size = {t.task_id: len(chosen[t.task_id]) for t in live}
    scorer = FoldScorer(training_set(tasks, enumerated), seed)
    centres: dict[str, VerifiedMutant] = {}
    candidates: dict[str, list] = {}
    for task in live:
        if centre_of(task.task_id, 1 + size[task.task_id], seed) != 0:
            pool = list(pools[task.task_id])
            _, near = scorer.compare(task.task_id, task.canonical, [v.mutant.code for v in pool])
            centres[task.task_id] = hardest(pool, near, 1)[0]
            candidates[task.task_id] = _second_order(task, centres[task.task_id], extended, seed)
    leaves = _run_second_order(oracle, [t for t in live if t.task_id in centres], centres,
                               candidates, task_limit, canonical_seconds, extended, counting)
    for task in live:
        tid = task.task_id
        want = rank_targets(tid, size[tid], seed)
        if tid not in centres:
            pool = list(pools[tid])
            chosen[tid] = targeted(pool, *scorer.compare(tid, task.canonical,
                                                         [v.mutant.code for v in pool]),
                                   size[tid], want)
            continue
        centre_above, _ = scorer.compare(tid, task.canonical, [centres[tid].mutant.code])
        left = [max(0, t - int(a)) for t, a in zip(want, centre_above[0])]
        chosen[tid] = [centres[tid]] + targeted(
            leaves[tid], *scorer.compare(tid, task.canonical, [v.mutant.code for v in leaves[tid]]),
            size[tid] - 1, left)
    return {"families": len(live), "centred_on_canonical": len(live) - len(centres),
            "centred_on_distractor": len(centres),
            "second_order_candidates": sum(len(c) for c in candidates.values()),
            "second_order_planted": sum(len(chosen[t]) - 1 for t in centres)}


def training_set(tasks: Sequence[Task], enumerated: Mapping[str, Sequence]
                 ) -> dict[str, tuple[list[str], list[bool]]]:
    """What the fold models learn: task id -> (its canonical and up to :data:`TRAIN_MUTANTS`
    of its enumerated mutants, lowest code hash first; positive flags).  Nothing in it depends
    on an execution, so neither does any model."""
    out: dict[str, tuple[list[str], list[bool]]] = {}
    for task in tasks:
        codes = sorted({m.code for m in enumerated.get(task.task_id, ())}, key=sha256_text)
        codes = codes[:TRAIN_MUTANTS]
        out[task.task_id] = ([task.canonical, *codes], [True] + [False] * len(codes))
    return out


def _run_second_order(oracle: Oracle, moved: Sequence[Task], centres: Mapping[str, VerifiedMutant],
                      candidates: Mapping[str, list], task_limit: Mapping[str, float],
                      canonical_seconds: Mapping[str, float], extended: bool,
                      counting: Counting = Counting()) -> dict[str, list[VerifiedMutant]]:
    """Execute each re-centred task's second-order candidates: task id -> the ones that qualify
    as distractors (killed by a wrong output, no time-out, not slow)."""
    if not moved:
        return {}
    results, slow = judged_runs(oracle, moved, candidates, task_limit, canonical_seconds,
                                ratio=True, counting=counting,
                                progress="executing second-order mutants")
    out: dict[str, list[VerifiedMutant]] = {}
    for task in moved:
        verified = [VerifiedMutant(m, r.outcomes, i, parent=centres[task.task_id].mutant)
                    for i, (m, r) in enumerate(zip(candidates[task.task_id], results[task.task_id]))
                    if (task.task_id, i) not in slow]
        out[task.task_id] = [v for v in verified if eligible(v, extended)]
    return out


def _second_order(task: Task, centre: VerifiedMutant, extended: bool, seed: int) -> list:
    """A seeded sample of at most :data:`CANDIDATES` single-edit mutants of ``centre``'s code
    that are neither the canonical nor the centre (six types first, then ``extended`` ones)."""
    muts = enumerate_mutants(centre.mutant.code, entry_point=task.entry_point, extended=extended,
                             language=language_of(task))
    muts = [m for m in muts if m.code not in (task.canonical, centre.mutant.code)
            and (m.mutation_type in SIX_TYPES or (extended and m.mutation_type == EXTENDED))]
    rng = random.Random(f"{seed}:second-order:{task.task_id}")
    rng.shuffle(muts)
    return muts[:CANDIDATES]


def shuffled(corpus: Sequence[Snippet], seed: int) -> list[Snippet]:
    """``corpus`` in a seeded shuffled order: by the hash of the seed and each snippet's id, so
    the input order does not matter and a changed snippet moves only itself."""
    return sorted(corpus, key=lambda s: sha256_text(f"{seed}:corpus-order:{s.snippet_id}"))
