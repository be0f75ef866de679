"""Stage 1 of the execir-poly build: every problem's programs verified by the oracle.

A problem's canonical program in each language runs on its stdin/stdout tests through the
:class:`~execir.execution.Oracle`; a language whose canonical fails drops out of that problem.
Mutants of each passing canonical come from the mutation engines (Python AST, tree-sitter for the
others, :func:`execir.mutation.engine.enumerate_mutants`): a seeded sample of candidates
(six-type mutants first) runs under the builder's time ladder
(:func:`execir.construction.verify.mutant_time_limit`), and a candidate *qualifies* when it fails
a test by a wrong output or a crash, without an ``ERROR``, a ``TIMEOUT`` or a slow suite --
CoREB's failed solutions.

:func:`verify_programs` keeps the first ``keep`` qualifying candidates of each (problem,
language): the ``star`` families of execir-poly v2 (every mutant one edit from the canonical).
The ``centred`` design of v3 (:mod:`execir.construction.poly_centred`) runs the same stages with
a larger pool and picks from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from execir.construction.slow import is_slow, least_seconds, slow_threshold, suite_seconds
from execir.construction.verify import PROGRAM_FACTOR, ladder_step, mutant_time_limit, run_by_language
from execir.execution import Oracle
from execir.execution.outcomes import TIMEOUT
from execir.mutation.engine import enumerate_mutants
from execir.mutation.mutant import SIX_TYPES
from execir.mutation.select import KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, classify

#: mutant candidates run per (problem, language) by default, at most
DEFAULT_CANDIDATES = 6
#: most mutants kept per (problem, language) by default
DEFAULT_KEEP = 2

@dataclass(frozen=True)
class Program:
    """One verified program of a problem.

    Attributes:
        code: the source.
        language: its language.
        passed: it passes every test of its problem.
        mutation: for a mutant, its mutation record (operator, type, span, edit; a second-order
            mutant of a ``centred`` family also ``parent``, the record of the mutant it was made
            from, in whose code its span lies); None for the canonical.
        outcomes: its per-test outcomes.
        origin: for a program an LLM wrote (:mod:`execir.generate.solutions`), its ``model`` and
            ``sample``; None otherwise.
    """

    code: str
    language: str
    passed: bool
    mutation: Mapping[str, Any] | None
    outcomes: tuple[str, ...]
    origin: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Live:
    """A (problem, language) whose canonical passes, with what its mutants run under.

    Attributes:
        problem: the :class:`execir.datasets.poly_sources.PolyProblem`.
        language: the language.
        result: the canonical's suite result.
        seconds: the canonical's least measured CPU seconds.
        limit: its mutants' time limit (seconds).
    """

    problem: Any
    language: str
    result: Any
    seconds: float
    limit: float

    @property
    def key(self) -> tuple[str, str]:
        return (self.problem.problem_id, self.language)

    @property
    def canonical(self) -> str:
        return self.problem.solutions[self.language]


def qualifies(res: Any, seconds: float, threshold: float) -> bool:
    """A mutant is kept when it fails a test by a wrong output or a crash, with no ``TIMEOUT``,
    and is not too slow
    (:func:`~execir.construction.slow.is_slow` on ``seconds``, its least measured CPU time: its
    verdict must not depend on the machine's speed or load)."""
    return (classify(res.outcomes) in (KILLED_WRONG_OUTPUT, KILLED_CRASH_ONLY)
            and TIMEOUT not in res.outcomes and not is_slow(res, seconds, threshold))


def candidate_sample(mutants: Sequence[Any], rng: random.Random, n: int,
                     exclude: Sequence[str] = ()) -> list[Any]:
    """A seeded sample of at most ``n`` of ``mutants`` (a program's enumerated single-edit
    mutants): the six types first (shuffled by ``rng``), then the others; mutants whose code is
    in ``exclude`` left out."""
    muts = [m for m in mutants if m.code not in exclude]
    six = [m for m in muts if m.mutation_type in SIX_TYPES]
    rest = [m for m in muts if m.mutation_type not in SIX_TYPES]
    rng.shuffle(six)
    rng.shuffle(rest)
    return (six + rest)[:n]


def sample_rng(seed: int, item: Live) -> random.Random:
    """The generator of ``item``'s first-order candidate sample (the same in both designs)."""
    return random.Random(f"{seed}:{item.problem.problem_id}:{item.language}")


def run_canonicals(problems: Sequence[Any], oracle: Oracle) -> tuple[list[Live], list[str]]:
    """Run every problem's canonicals: the live (problem, language) pairs, in problem then
    solution order, and one rejection line per canonical that fails."""
    pairs = [(p, lang) for p in problems for lang in p.solutions]
    canon = run_by_language(oracle, [(p.solutions[lang], list(p.tests)) for p, lang in pairs],
                            [lang for _, lang in pairs], progress="executing canonicals")
    rejections: list[str] = []
    passing: list[tuple[Any, str, Any]] = []
    for (p, lang), res in zip(pairs, canon):
        if not res.passed:
            rejections.append(f"{p.problem_id} [{lang}]: canonical fails: {list(res.outcomes)}")
        else:
            passing.append((p, lang, res))
    timeout = oracle.limits.timeout
    seconds = least_seconds(
        oracle, [(p.solutions[lang], list(p.tests)) for p, lang, _ in passing],
        [lang for _, lang, _ in passing], [res for _, _, res in passing],
        [ladder_step(suite_seconds(res), timeout, PROGRAM_FACTOR) for _, _, res in passing])
    live = [Live(p, lang, res, s, mutant_time_limit(s, timeout, PROGRAM_FACTOR))
            for (p, lang, res), s in zip(passing, seconds)]
    return live, rejections


def qualifying_in_rounds(oracle: Oracle, live: Sequence[Live], cands: Sequence[Sequence[Any]],
                         want: Sequence[int], *, progress: str) -> list[list[tuple[Any, Any]]]:
    """The first ``want[i]`` qualifying candidates of ``cands[i]`` (mutants of ``live[i]``'s
    program), in sample order, each with its suite result.

    Candidates run in rounds: each item runs only as many further candidates as it is still
    short, so the result is what running all of them would keep, at a fraction of the
    executions.  Every round groups the jobs by time limit (one oracle call per level).
    """
    found: list[list[tuple[Any, Any]]] = [[] for _ in live]
    tried = [0] * len(live)
    levels = sorted({item.limit for item in live})
    while True:
        now = {i: min(want[i] - len(found[i]), len(cands[i]) - tried[i]) for i in range(len(live))}
        now = {i: n for i, n in now.items() if n > 0}
        if not now:
            return found
        for level in levels:
            owners = [(i, j) for i in sorted(now) if live[i].limit == level
                      for j in range(tried[i], tried[i] + now[i])]
            if not owners:
                continue
            jobs = [(cands[i][j].code, list(live[i].problem.tests)) for i, j in owners]
            langs = [live[i].language for i, _ in owners]
            results = run_by_language(oracle.with_limits(timeout=level), jobs, langs, progress=progress)
            thresholds = [slow_threshold(level, live[i].seconds) for i, _ in owners]
            seconds = least_seconds(oracle, jobs, langs, results, thresholds, limits=[level] * len(jobs))
            for (i, j), res, secs, th in zip(owners, results, seconds, thresholds):
                if qualifies(res, secs, th):
                    found[i].append((cands[i][j], res))
        for i, n in now.items():
            tried[i] += n


def verify_programs(problems: Sequence[Any], oracle: Oracle, *, seed: int = 0, candidates: int = DEFAULT_CANDIDATES,
                    keep: int = DEFAULT_KEEP) -> tuple[dict[tuple[str, str], list[Program]], list[str]]:
    """Stage 1 with ``star`` families (module docstring).

    Args:
        problems: :class:`execir.datasets.poly_sources.PolyProblem` records.
        oracle: runs every program (its ``timeout`` caps the mutant time ladder).
        seed: seeds the mutant sample of every (problem, language).
        candidates: mutants run per (problem, language), at most.
        keep: most mutants kept per (problem, language).

    Returns:
        ``({(problem_id, language): [canonical, mutant, ...]}, rejections)``; a (problem,
        language) whose canonical fails is absent and named in ``rejections``.
    """
    live, rejections = run_canonicals(problems, oracle)
    cands = [candidate_sample(enumerate_mutants(item.canonical, language=item.language),
                              sample_rng(seed, item), candidates) for item in live]
    found = qualifying_in_rounds(oracle, live, cands, [keep] * len(live), progress="executing mutants")
    out = {item.key: [Program(item.canonical, item.language, True, None, item.result.outcomes)]
           + [Program(m.code, item.language, False, m.to_dict(), res.outcomes) for m, res in kept]
           for item, kept in zip(live, found)}
    return out, rejections
