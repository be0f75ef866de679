"""Assemble a validated benchmark release from tasks (ExecRetrieval §3.2–3.3; DESIGN.md contracts).

Steps of :func:`build_release`:

1. gates 1–2 (schema, AST semantics) on every task;
2. enumerate every single-span mutant of each surviving canonical;
3. one batch through the oracle: each canonical and each mutant against its task's tests;
4. gate 3 (canonical passes) and classification of every mutant; seeded selection of up to four
   distractors (:func:`execir.mutation.select.select_distractors`); gate 4 on the selection;
5. sweep 1 (distractor sanity): planted distractors are executed again, without the cache;
6. sweep 2 (cross-task): every snippet that defines another task's entry-point name is run against
   that task's tests; a snippet that passes them is *added to that query's qrels at level 2*
   (it passes the query's oracle, so by the execution-grounded definition it is relevant) and
   listed in the report;
7. gate 5 (corpus integrity) on the assembled queries, corpus and qrels;
8. write the release (:func:`execir.formats.files.write_release`) and ``build_report.json``.

Coverage policy: every task whose canonical passes its tests is released, with however many
distractors qualify (possibly none); ``build_report.json`` counts them (``tasks_with_at_least``,
``per_task``).  ``min_distractors`` restores a strict policy that rejects tasks with fewer.  When
the six types give fewer than ``fill_extended`` (default 3) qualifying mutants, ``extended``
mutants are enumerated, executed and fill the task up to that many (recorded as
``mutation_type: "extended"`` with their operator name).  Optional: test amplification
(:mod:`execir.mutation.amplify`, ``amplify=True``) and stacked mutants (``stacked=True``,
written to ``stacked.jsonl`` beside the release, never planted; its SHA-256 is in the manifest).

Languages: a task may be in any language the oracle runs (``Task.language``: Python, C++, Java,
Go, Ruby, JavaScript, Rust).  Python canonicals are mutated by the AST engine, the others by the
tree-sitter engine (:mod:`execir.mutation.treesitter`); every pair runs through the same oracle
in its task's language (:func:`execir.construction.verify.run_by_language`), under the same gates, time
ladder (40× the canonical for a program, whose time is mostly process start-up; 10× for
Python), slow-mutant rule and outcome vocabulary.  Gate 2 reads other languages with tree-sitter
(:func:`execir.construction.gates.check_syntax`); test amplification is Python-only.  A build with a
task in another language gets a ``languages`` section in ``build_report.json`` (per-language
counts) and the tree-sitter operator names in the manifest; a Python-only build writes exactly
what the Python-only builder wrote.

Rejected tasks never reach the release.  Nothing in the written files depends on wall time,
worker count or cache state, so the same tasks and seed give byte-identical files.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.construction.enumeration import Enumeration, sampled
from execir.construction.extras import amplified, stack_summary, stacked_rows
from execir.construction.families import CENTRED, DESIGNS, STAR, recentre, shuffled
from execir.construction.filtering import filter_families
from execir.construction.gates import (CONSTRUCTION_PROBE, DUPLICATE_REASON, DISTRACTOR_EXECUTION,
                                       Rejection, check_ast, check_canonical, check_corpus,
                                       check_distractors, check_schema)
from execir.construction.report import REPORT_FILE, language_section, make_report
from execir.construction.slow import PATIENCE, Counting, judged_runs, least_seconds, suite_seconds
from execir.construction.syntax import PYTHON
from execir.construction.verify import (cross_task_sweep, ladder_factor, ladder_step, language_of,
                                        mutant_time_limit, run_by_language, sanity_sweep)
from execir.errors import UsageError
from execir.execution import Oracle
from execir.execution.outcomes import RUNNER_VERSION
from execir.formats.files import LABELS_FILE, STACKED_FILE, write_json, write_jsonl, write_release
from execir.mutation import EXTENDED, OPERATORS, enumerate_mutants
from execir.mutation.mutant import Mutant
from execir.mutation.select import VerifiedMutant, eligible, select_distractors
from execir.progress import Stage
from execir.records import (KIND_CANONICAL, KIND_DISTRACTOR, REL_CANONICAL, REL_HARD_NEGATIVE, Qrels,
                           Query, Snippet, Task, snippet_id_for)

BUILDER_VERSION = "execir-build-5"
_EXTENDED_OPERATORS = tuple(op for op in OPERATORS if op.mutation_type == EXTENDED)


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("execir")
    except ImportError:  # pragma: no cover - importlib.metadata is stdlib on 3.11
        return "unknown"


#: Fewer live tasks than this are enumerated in this process (helpers would not pay off).
_PARALLEL_ENUMERATION = 64


def _mutants_for(task: Task, extended: bool) -> list:
    return enumerate_mutants(task.canonical, entry_point=task.entry_point, extended=extended,
                             language=language_of(task))


def _extended_operators(language: str) -> tuple:
    """The ``extended`` operators of a language's engine (AST for Python, else tree-sitter)."""
    if language == PYTHON:
        return _EXTENDED_OPERATORS
    from execir.mutation.operator_registry import TS_OPERATORS
    return tuple(op for op in TS_OPERATORS if op.mutation_type == EXTENDED)


def _fallback_mutants_for(task: Task, main: Sequence) -> list:
    """``extended``-only mutants of a canonical whose code no six-type mutant already has."""
    taken = {m.code for m in main}
    language = language_of(task)
    return [m for m in enumerate_mutants(task.canonical, entry_point=task.entry_point,
                                         extended=True, operators=_extended_operators(language),
                                         language=language)
            if m.code not in taken]


@dataclasses.dataclass(frozen=True)
class ReleaseOptions:
    """The settings of one :func:`build_release` (everything but the tasks, folder, name and oracle).

    Attributes:
        seed: distractor-selection seed.
        extended: allow ``extended`` operators' mutants to be planted (after the six types).
        max_distractors: most distractors per task (ExecRetrieval: 4).
        min_distractors: a task with fewer qualifying distractors is rejected at gate 4
            (default 0: every task whose canonical passes is kept; ExecRetrieval's strict
            policy is ``min_distractors=max_distractors``).
        fill_extended: when the six types give fewer qualifying distractors than this,
            ``extended`` mutants top the task up to this many (0 = never; ignored with
            ``extended=True``, where they always compete).
        amplify: derive extra inputs for tasks with surviving mutants and keep the asserts that
            kill survivors in the task's ``metadata["amplified_tests"]``
            (:func:`execir.construction.verify.amplify_survivors`); survivors none kills are
            reported as ``likely_equivalent``.
        stacked: also build stacked mutants (appendix G.2) from each released task's killed
            mutants; verified ones go to ``out/stacked.jsonl`` (not planted; covered by the manifest's hashes).
        test_counts: allowed number of tests per task; ``None`` = what the dataset promises
            (:data:`execir.construction.gates.PROMISED_TEST_COUNTS`), else at least one.
        version: the release version recorded in the manifest (shipped releases,
            :mod:`execir.datasets.shipped`), or None.
        families: the family design (:mod:`execir.construction.families`): ``"star"`` (v1,
            every distractor one edit of the canonical) or ``"centred"`` (the centre drawn over
            the family, second-order mutants around a drawn distractor, corpus order shuffled).
        extra_mutants: task id -> mutants from elsewhere (LLM bugs, :mod:`execir.generate.bugs`),
            executed and gated exactly as the mutation engine's are, after them.
        engine: plant the mutation engine's first-order mutants (False: ``extra_mutants`` only;
            a centred family drawn around an extra mutant still gets the engine's second-order
            mutants of it).
        max_mutants: run at most this many of a task's first-order mutants, a seeded sample in
            enumeration order (None: every one; a repository build, whose every suite is a
            pytest session, caps it, :mod:`execir.repo.repo_release`); recorded in the report's policy.
        counting: what the centred design's slow rule counts, and how long a counting run may
            take (:class:`~execir.construction.slow.Counting`; default: every suite, up to
            :data:`~execir.construction.work.TRACED_CAP` seconds); recorded in the report's policy
            when set.

    Raises:
        UsageError: (on construction) ``max_distractors``, ``min_distractors`` or
            ``fill_extended`` < 0, ``max_mutants`` < 1 or an unknown ``families`` design.
    """

    seed: int = 0
    extended: bool = False
    max_distractors: int = 4
    min_distractors: int = 0
    fill_extended: int = 3
    amplify: bool = False
    stacked: bool = False
    test_counts: tuple[int, int] | None = None
    version: str | None = None
    families: str = STAR
    extra_mutants: Mapping[str, Sequence[Mutant]] | None = None
    engine: bool = True
    max_mutants: int | None = None
    counting: Counting | None = None

    def __post_init__(self) -> None:
        if self.families not in DESIGNS:
            raise UsageError(f"families must be one of {', '.join(DESIGNS)}, got {self.families!r}")
        if self.max_mutants is not None and self.max_mutants < 1:
            raise UsageError(f"max_mutants must be >= 1, got {self.max_mutants}")
        if self.max_distractors < 0 or self.min_distractors < 0 or self.fill_extended < 0:
            raise UsageError("max_distractors, min_distractors and fill_extended must be >= 0, got "
                             f"{self.max_distractors}, {self.min_distractors}, {self.fill_extended}")

    @property
    def fill(self) -> int:
        """The ``extended`` top-up actually used (0 with ``extended`` or without the engine)."""
        return 0 if self.extended or not self.engine else min(self.fill_extended, self.max_distractors)

    def policy(self) -> dict[str, Any]:
        """The report's ``policy``: the distractor limits, the mutant cap and the counting rule when set."""
        return {"min_distractors": self.min_distractors, "max_distractors": self.max_distractors,
                "fill_extended": self.fill, **({} if self.max_mutants is None else {"max_mutants": self.max_mutants}),
                **({} if self.counting is None else self.counting.policy())}


def build_release(tasks: Sequence[Task], out: Path, *, name: str, seed: int = 0,
                  oracle: Oracle | None = None, extended: bool = False, max_distractors: int = 4,
                  min_distractors: int = 0, fill_extended: int = 3, amplify: bool = False,
                  stacked: bool = False, test_counts: tuple[int, int] | None = None,
                  version: str | None = None, families: str = STAR,
                  extra_mutants: Mapping[str, Sequence[Mutant]] | None = None,
                  engine: bool = True, max_mutants: int | None = None,
                  counting: Counting | None = None) -> dict[str, Any]:
    """Build, validate and write a release folder (the steps of the module docstring); returns
    the build report written to ``out/build_report.json``
    (:func:`execir.construction.report.make_report`).

    ``tasks``: the dataset's tasks (order is kept in every output file); ``out``: the release
    folder (created; existing release files are replaced); ``name``: the manifest's; ``oracle``
    runs every canonical, mutant and sweep (its limits' ``timeout`` is the suite budget of
    canonicals and the cap of the mutant time ladder; its cache, workers and progress display are
    used throughout; default :class:`Oracle`: default limits, no cache, no progress display).
    Every other argument is a :class:`ReleaseOptions` field.

    Raises:
        UsageError: no task survives the gates (nothing to release), or a bad option
            (:class:`ReleaseOptions`).
    """
    opts = ReleaseOptions(seed=seed, extended=extended, max_distractors=max_distractors,
                          min_distractors=min_distractors, fill_extended=fill_extended, amplify=amplify,
                          stacked=stacked, test_counts=test_counts, version=version, families=families,
                          extra_mutants=extra_mutants, engine=engine, max_mutants=max_mutants, counting=counting)
    out, oracle = Path(out), oracle or Oracle()
    rejections, live = _gates_1_2(tasks, test_counts)
    ex = _execute(oracle, live, extended, ratio=families == CENTRED, extra=extra_mutants, engine=engine,
                  cap=None if max_mutants is None else (max_mutants, seed), counting=counting or Counting())
    fallback = _fill_extended(oracle, live, ex, fill=opts.fill, seed=seed)
    released, chosen = _select(live, ex, fallback, rejections, max_distractors=max_distractors,
                               min_distractors=min_distractors, extended=extended, fill=opts.fill, seed=seed)
    design = _design(families, oracle, released, chosen, ex, fallback, seed=seed, extended=extended)
    released, sanity = _sanity(oracle, released, chosen, ex.task_limit, rejections, min_distractors,
                               patience=PATIENCE if ex.ratio else None)
    known: dict[tuple[str, str], tuple[str, ...]] = {}
    released, (queries, corpus, qrels), cross = _corpus(name, oracle, opts, released, chosen, rejections, design,
                                                        known)
    label_rows = _known_labels(live, ex, released, chosen, qrels, known)
    amplification = None
    if amplify:
        released, amplification = amplified(oracle, released, ex.verified)
    stacks = stacked_rows(oracle, released, ex.verified, seed=seed) if stacked else None
    report = make_report(name=name, seed=seed, tasks=tasks, released=released, verified=ex.verified, chosen=chosen,
                         rejections=rejections, sanity=sanity, cross=cross, extended=extended, fallback=fallback,
                         policy=opts.policy(), amplification=amplification,
                         stacked=None if stacks is None else stack_summary(stacks))
    _report_sections(report, opts, design, tasks, released, ex, chosen, rejections)
    _write(out, name, oracle, opts, (queries, corpus, qrels), released, label_rows, stacks,
           multi=any(language_of(t) != PYTHON for t in tasks))
    write_json(out / REPORT_FILE, report)
    return report


def _corpus(name: str, oracle: Oracle, opts: ReleaseOptions, released: list[Task],
            chosen: dict[str, list[VerifiedMutant]], rejections: list[Rejection], design: dict[str, Any],
            known: dict[tuple[str, str], tuple[str, ...]]
            ) -> tuple[list[Task], tuple[list[Query], list[Snippet], Qrels], list]:
    """Steps 6-7 (and the centred design's family filter and shuffled corpus): ``(released,
    (queries, corpus, qrels), cross-task sweep rows)``; ``design["filter"]`` and ``known`` (the
    sweep's labels) are filled in."""
    if opts.families == CENTRED:
        released, design["filter"] = _filter(released, chosen, rejections, opts.seed)
    queries, corpus, qrels = _assemble(released, chosen)
    if opts.families == CENTRED:
        corpus = shuffled(corpus, opts.seed)
    cross = cross_task_sweep(oracle, released, corpus, qrels, labels=known)  # 6. sweep 2
    released, queries, corpus, qrels = _gate_5(name, released, queries, corpus, qrels, rejections)
    return released, (queries, corpus, qrels), cross


def _report_sections(report: dict[str, Any], opts: ReleaseOptions, design: dict[str, Any], tasks: Sequence[Task],
                     released: Sequence[Task], ex: "_Executed", chosen: dict[str, list[VerifiedMutant]],
                     rejections: list[Rejection]) -> None:
    """Add the family design's counts (any design but ``star``) and, for a build with a task in
    another language than Python, the per-language section to ``report``."""
    if opts.families != STAR:
        report["families"] = design
    if any(language_of(t) != PYTHON for t in tasks):
        report["languages"] = language_section(tasks, released, ex.verified, chosen, rejections, language_of)


def _write(out: Path, name: str, oracle: Oracle, opts: ReleaseOptions,
           benchmark: tuple[list[Query], list[Snippet], Qrels], released: Sequence[Task],
           label_rows: list[dict[str, Any]], stacks: list | None, *, multi: bool) -> None:
    """Step 8: ``stacked.jsonl`` (or its removal), ``labels.jsonl`` and the release files with
    their manifest (:func:`execir.formats.files.write_release`)."""
    queries, corpus, qrels = benchmark
    manifest_extra = _manifest_extra(oracle, seed=opts.seed, multi=multi, version=opts.version,
                                     extended=opts.extended,
                                     policy=(opts.max_distractors, opts.min_distractors, opts.fill))
    if opts.families != STAR:
        manifest_extra["distractors"]["families"] = opts.families
    if stacks is None:
        (out / STACKED_FILE).unlink(missing_ok=True)
    else:
        write_jsonl(out / STACKED_FILE, stacks)
    write_jsonl(out / LABELS_FILE, label_rows)
    write_release(out, name=name, queries=queries, corpus=corpus, qrels=qrels, tasks=released,
                  manifest_extra=manifest_extra,
                  extra_files=(LABELS_FILE,) + (() if stacks is None else (STACKED_FILE,)))


@dataclasses.dataclass(frozen=True)
class _Executed:
    """Step 3's results: each live task's canonical outcome, mutants, time limit, verified mutants
    and the (task id, mutant index) pairs whose suite was too slow to plant."""

    canon_results: list
    mutants: dict[str, list]
    task_limit: dict[str, float]
    canon_seconds: dict[str, float]
    verified: dict[str, list[VerifiedMutant]]
    slow: set[tuple[str, int]]
    #: the slow rule (construction.slow.slow_threshold)
    ratio: bool = False
    #: what the ratio rule counts (construction.slow.Counting)
    counting: Counting = Counting()


def _gates_1_2(tasks: Sequence[Task], test_counts: Any) -> tuple[list[Rejection], list[Task]]:
    """1. gates 1-2 (schema, AST semantics): the rejections and the tasks that pass, in order
    (a repeated task id is kept once)."""
    rejections: list[Rejection] = check_schema(tasks, test_counts=test_counts)
    dropped = {r.task_id for r in rejections if r.reason != DUPLICATE_REASON}
    seen: set[str] = set()
    live: list[Task] = []
    for task in tasks:
        if task.task_id in seen or task.task_id in dropped:
            seen.add(task.task_id)
            continue
        seen.add(task.task_id)
        found = check_ast(task)
        if found:
            rejections.extend(found)
            continue
        live.append(task)
    return rejections, live


def _execute(oracle: Oracle, live: Sequence[Task], extended: bool, *, ratio: bool = False,
             extra: Mapping[str, Sequence[Mutant]] | None = None, engine: bool = True,
             cap: tuple[int, int] | None = None, counting: Counting = Counting()) -> _Executed:
    """2. enumerate every mutant (in helper processes on every core, while 3. the oracle runs the
    canonicals), keep a seeded sample of ``cap = (most, seed)`` per task (:func:`sampled`), add the
    ``extra`` ones (or only those, without the ``engine``), then run every mutant under its task's
    time limit; mark the slow ones."""
    enumeration = Enumeration([(t.canonical, t.entry_point, extended, language_of(t))
                               for t in live],
                              oracle.n_workers if len(live) >= _PARALLEL_ENUMERATION else 1)
    try:
        canon_results = run_by_language(oracle, [(t.canonical, t.tests) for t in live],
                                        [language_of(t) for t in live],
                                        progress="executing canonicals")
    except BaseException:
        enumeration.cancel()
        raise
    mutants: dict[str, list] = {t.task_id: _joined(t, sampled(t, muts, cap) if engine else [],
                                                   (extra or {}).get(t.task_id, ()))
                                for t, muts in zip(live, enumeration.result())}
    task_limit, canon_seconds = _task_limits(oracle, live, canon_results, ratio=ratio)
    # Mutants too slow to plant (construction.slow: over the design's threshold by their least
    # measured time, or with the ratio rule by their counted work) are never planted, and are
    # counted as killed by a time-out, so the release and the report depend on the machine's
    # load only through a suite within a few per cent of its threshold (star) or a program
    # language's suite (ratio).
    mutant_results, slow = judged_runs(oracle, live, mutants, task_limit, canon_seconds,
                                       ratio=ratio, counting=counting)
    verified: dict[str, list[VerifiedMutant]] = {
        t.task_id: [VerifiedMutant(m, r.outcomes, i, slow=(t.task_id, i) in slow) for i, (m, r)
                    in enumerate(zip(mutants[t.task_id], mutant_results[t.task_id]))]
        for t in live}
    return _Executed(canon_results, mutants, task_limit, canon_seconds, verified, slow, ratio,
                     counting)


def _joined(task: Task, engine: list, extra: Sequence[Mutant]) -> list:
    """The engine's mutants, then each ``extra`` one whose code is neither the canonical nor
    already there (an LLM can write the engine's own edit: planted twice, the task would fail
    gate 5 as a duplicate snippet)."""
    seen = {task.canonical, *(m.code for m in engine)}
    out = list(engine)
    for m in extra:
        if m.code not in seen:
            seen.add(m.code)
            out.append(m)
    return out


def _task_limits(oracle: Oracle, live: Sequence[Task], canon_results: Sequence, *,
                 ratio: bool = False) -> tuple[dict[str, float], dict[str, float]]:
    """Each task's mutant time limit and its canonical's least measured CPU seconds
    (:func:`~execir.construction.slow.least_seconds`: grey near a step of the ladder; with the
    ratio rule every canonical is grey, since its time sets every mutant's threshold)."""
    factors = [ladder_factor(t) for t in live]
    timeout = oracle.limits.timeout
    seconds = least_seconds(oracle, [(t.canonical, t.tests) for t in live],
                            [language_of(t) for t in live], canon_results,
                            [suite_seconds(c) if ratio else ladder_step(suite_seconds(c), timeout, f)
                             for c, f in zip(canon_results, factors)])
    return ({t.task_id: mutant_time_limit(s, timeout, f) for t, s, f in zip(live, seconds, factors)},
            {t.task_id: s for t, s in zip(live, seconds)})


def _fill_extended(oracle: Oracle, live: Sequence[Task], ex: _Executed, *, fill: int, seed: int
                   ) -> dict[str, list[VerifiedMutant]]:
    """3b. extended mutants, executed for the tasks the six types leave short of ``fill`` (their
    slow ones are added to ``ex.slow``)."""
    fallback: dict[str, list[VerifiedMutant]] = {}
    short = [t for t, canon in zip(live, ex.canon_results) if fill and canon.passed
             and len(select_distractors([v for v in ex.verified[t.task_id]
                                         if (t.task_id, v.index) not in ex.slow],
                                        k=fill, seed=seed, key=t.task_id)) < fill]
    if not short:
        return fallback
    extra = {t.task_id: _fallback_mutants_for(t, ex.mutants[t.task_id]) for t in short}
    extra_results, slow = judged_runs(oracle, short, extra, ex.task_limit, ex.canon_seconds,
                                      ratio=ex.ratio, counting=ex.counting,
                                      progress="executing extended mutants")
    for t in short:
        base = len(ex.mutants[t.task_id])
        ex.slow.update((t.task_id, base + i) for tid, i in slow if tid == t.task_id)
        fallback[t.task_id] = [VerifiedMutant(m, r.outcomes, base + i,
                                              slow=(t.task_id, base + i) in ex.slow)
                               for i, (m, r) in enumerate(zip(extra[t.task_id],
                                                              extra_results[t.task_id]))]
    return fallback


def _select(live: Sequence[Task], ex: _Executed, fallback: dict[str, list[VerifiedMutant]],
            rejections: list[Rejection], *, max_distractors: int, min_distractors: int, extended: bool,
            fill: int, seed: int) -> tuple[list[Task], dict[str, list[VerifiedMutant]]]:
    """4. gate 3, classification, seeded selection, gate 4: the released tasks and their chosen
    distractors (rejections are appended to ``rejections``)."""
    released: list[Task] = []
    chosen: dict[str, list[VerifiedMutant]] = {}
    for task, canon in zip(live, ex.canon_results):
        found = check_canonical(task, canon.outcomes)
        if found:
            rejections.extend(found)
            continue
        candidates = [v for v in ex.verified[task.task_id] + fallback.get(task.task_id, [])
                      if (task.task_id, v.index) not in ex.slow]
        picks = select_distractors(candidates,
                                   k=max_distractors, seed=seed, key=task.task_id,
                                   extended=extended, fill_to=fill)
        sids = [snippet_id_for(task.task_id, v.mutant.code) for v in picks]
        found = check_distractors(task, picks, sids, min_distractors=min_distractors)
        if found:
            rejections.extend(found)
            if any(r.snippet_id is None for r in found):
                continue
            bad = {r.snippet_id for r in found}
            picks = [v for v, sid in zip(picks, sids) if sid not in bad]
        chosen[task.task_id] = picks
        released.append(task)
    return released, chosen


def _design(families: str, oracle: Oracle, released: Sequence[Task],
            chosen: dict[str, list[VerifiedMutant]], ex: _Executed,
            fallback: dict[str, list[VerifiedMutant]], *, seed: int, extended: bool
            ) -> dict[str, Any]:
    """4b. the family design (:mod:`execir.construction.families`; ``chosen`` is updated in
    place): its build-report section."""
    design: dict[str, Any] = {"design": families}
    if families == CENTRED:
        pools = {t.task_id: [v for v in ex.verified[t.task_id] if eligible(v, extended)
                             and (t.task_id, v.index) not in ex.slow]
                 + [v for v in fallback.get(t.task_id, []) if eligible(v, True)
                    and (t.task_id, v.index) not in ex.slow] for t in released}
        design.update(recentre(oracle, released, chosen, pools, ex.mutants, ex.task_limit,
                               ex.canon_seconds, seed=seed, extended=extended,
                               counting=ex.counting))
    return design


def _filter(released: list[Task], chosen: Mapping[str, Sequence[VerifiedMutant]],
            rejections: list[Rejection], seed: int) -> tuple[list[Task], dict[str, Any]]:
    """5b. the ``centred`` design's family filter (:mod:`execir.construction.filtering`): the
    tasks whose canonical the snippet-only probes find leave the release, each with a
    rejection; returns the kept tasks and the report's ``filter`` section."""
    fams = {t.task_id: ([t.canonical, *(v.mutant.code for v in chosen[t.task_id])],
                        [True] + [False] * len(chosen[t.task_id]))
            for t in released if chosen[t.task_id]}
    line = Stage(f"family filter ({len(fams):,} families)", 1)
    result = filter_families(fams, seed)
    line.update(1)
    for task_id, iteration, predictability in result.dropped:
        rejections.append(Rejection(task_id, CONSTRUCTION_PROBE,
                                    "family filter: the snippet-only probes find its canonical "
                                    f"without the query (predictability {predictability:.3f}, "
                                    f"iteration {iteration})"))
    gone = {t for t, _, _ in result.dropped}
    return [t for t in released if t.task_id not in gone], result.summary()


def _sanity(oracle: Oracle, released: list[Task], chosen: dict[str, list[VerifiedMutant]],
            task_limit: dict[str, float], rejections: list[Rejection], min_distractors: int, *,
            patience: float | None = None) -> tuple[list[Task], dict[str, int]]:
    """5. sweep 1: planted distractors run again without the cache under their build-time limit;
    a changed outcome drops the distractor (``chosen`` is updated in place)."""
    sanity_jobs = sum(len(chosen[t.task_id]) for t in released)
    sanity_failures = 0
    swept = sanity_sweep(oracle, released, chosen, task_limit, patience=patience)
    for task_id, bad in swept.items():
        for v, outcomes in bad:
            sanity_failures += 1
            rejections.append(Rejection(
                task_id, DISTRACTOR_EXECUTION,
                "distractor sanity sweep: re-run gave " + ",".join(outcomes),
                snippet_id_for(task_id, v.mutant.code)))
        dropped_ids = {id(v) for v, _ in bad}
        chosen[task_id] = [v for v in chosen[task_id] if id(v) not in dropped_ids]
    released = [t for t in released if len(chosen[t.task_id]) >= min_distractors]
    return released, {"rerun": sanity_jobs, "failed": sanity_failures}


def _assemble(released: Sequence[Task], chosen: dict[str, list[VerifiedMutant]]
              ) -> tuple[list[Query], list[Snippet], Qrels]:
    """The queries, corpus (each canonical, then its distractors) and graded qrels."""
    queries = [Query(query_id=t.query_id, text=t.query, task_id=t.task_id, domain=t.domain)
               for t in released]
    corpus: list[Snippet] = []
    qrels: Qrels = {}
    for task in released:
        canon_id = snippet_id_for(task.task_id, task.canonical)
        corpus.append(Snippet(canon_id, task.canonical, task.task_id, KIND_CANONICAL, task.language))
        qrels[task.query_id] = {canon_id: REL_CANONICAL}
        for v in chosen[task.task_id]:
            sid = snippet_id_for(task.task_id, v.mutant.code)
            corpus.append(Snippet(sid, v.mutant.code, task.task_id, KIND_DISTRACTOR, task.language,
                                  v.record()))
            qrels[task.query_id][sid] = REL_HARD_NEGATIVE
    return queries, corpus, qrels


def _gate_5(name: str, released: list[Task], queries: list[Query], corpus: list[Snippet], qrels: Qrels,
            rejections: list[Rejection]) -> tuple[list[Task], list[Query], list[Snippet], Qrels]:
    """7. gate 5 (corpus integrity): tasks that fail it leave the release.

    Raises:
        UsageError: no task is left.
    """
    integrity = check_corpus(queries, corpus, qrels)
    rejections.extend(integrity)
    if integrity:
        bad_tasks = {r.task_id for r in integrity}
        released = [t for t in released if t.task_id not in bad_tasks]
        keep_ids = {t.task_id for t in released}
        queries = [q for q in queries if q.task_id in keep_ids]
        corpus = [s for s in corpus if s.task_id in keep_ids]
        qrels = {q.query_id: qrels[q.query_id] for q in queries}
    if not released:
        if not rejections:
            raise UsageError(f"dataset {name!r} has no tasks")
        first = rejections[0]
        raise UsageError(f"no task of {name!r} passed the gates ({len(rejections)} rejection(s)); "
                         f"first: task {first.task_id!r} rejected at gate {first.gate!r}: {first.reason}")
    return released, queries, corpus, qrels


def _known_labels(live: Sequence[Task], ex: _Executed, released: Sequence[Task],
                  chosen: dict[str, list[VerifiedMutant]], qrels: Qrels,
                  known: dict[tuple[str, str], tuple[str, ...]]) -> list[dict[str, Any]]:
    """The rows of ``labels.jsonl``: every qrels pair with the outcomes the build recorded
    (``known`` holds the cross-task sweep's; the canonicals' and distractors' are added)."""
    canon_outcomes = {t.task_id: r.outcomes for t, r in zip(live, ex.canon_results)}
    for task in released:
        known[(task.query_id, snippet_id_for(task.task_id, task.canonical))] = \
            canon_outcomes[task.task_id]
        for v in chosen[task.task_id]:
            known[(task.query_id, snippet_id_for(task.task_id, v.mutant.code))] = v.outcomes
    return [{"query_id": qid, "snippet_id": sid, "outcomes": list(known[(qid, sid)])}
            for qid in sorted(qrels) for sid in sorted(qrels[qid])]


def _manifest_extra(oracle: Oracle, *, seed: int, multi: bool, version: str | None, extended: bool,
                    policy: tuple[int, int, int]) -> dict[str, Any]:
    """What the manifest records beside the files: seed, generator versions, policy, labels."""
    max_distractors, min_distractors, fill = policy
    extra: dict[str, Any] = {
        "seed": seed,
        "generator": {"execir": _version(), "builder": BUILDER_VERSION,
                      "python": f"{sys.version_info.major}.{sys.version_info.minor}",
                      "operators": [op.name for op in OPERATORS],
                      **({"tree_sitter_operators": _ts_operator_names()} if multi else {})},
        "distractors": {"max_per_task": max_distractors, "min_per_task": min_distractors,
                        "extended": extended, "fill_extended": fill},
        "labels": {"file": LABELS_FILE, "runner": RUNNER_VERSION, "limits": oracle.limits.key()},
    }
    if version is not None:
        extra["version"] = version
    return extra


def _ts_operator_names() -> list[str]:
    from execir.mutation.operator_registry import TS_OPERATORS
    return [op.name for op in TS_OPERATORS]
