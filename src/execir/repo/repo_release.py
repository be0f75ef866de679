"""``execir build --from-repo PATH``: a release from a repository's functions and its own tests.

:func:`build_from_repo` discovers the tasks (:mod:`execir.repo.discover`), then builds them
through the one single-task path the command passes in (:func:`execir.workflow.pipeline.build_tasks`): mutation, verification
of every mutant by the function's covering node ids with the mutant swapped in, the five gates,
the family design, probe card and gate.  The release is an ordinary execir release; its
manifest and build report gain a ``repository`` section (folder name and path, tree SHA-256, commit,
pytest arguments, discovery counts, test counts); the returned report also has the seconds of
discovery and of the build (``repository.seconds``, not written: the files do not depend on time).

The repository is only read: the sandbox mounts it read-only, and the build checks that its
tree's digest (:func:`execir.repo.source.tree_digest`) is the same afterwards; an evaluation
checks it again first (:func:`execir.repo.source.check_unchanged`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence

from execir.construction.slow import Counting
from execir.errors import UsageError
from execir.execution import Oracle
from execir.paths import cache_root
from execir.repo.discover import LEFT_OUT, MAX_TESTS, MIN_TESTS, QUERY_MODES, discover
from execir.repo.source import tree_digest
from execir.records import slug

#: the cache root's folder for discovery results
REPO_CACHE_DIR = "repo"
#: first-order mutants run per task (a seeded sample): every suite is a pytest session of up to
#: MAX_TESTS node ids, and a project's functions have more mutants than a benchmark task's
MAX_MUTANTS = 12
#: what the centred design's slow rule counts: only the suites that could be planted (counting
#: every suite under the tracer was over half of a more-itertools build), each counting run at
#: most 10 s -- a suite whose runaway is a Python loop is cut off by its line budget long before,
#: one that runs away in C is slow however long it runs (the default, 60 s, cost 12 of a 30-minute
#: more-itertools build)
COUNTING = Counting(traced_cap=10.0, plantable_only=True)


#: pytest options ``--tests`` may not hold: they run no test (they list, plan or only collect),
#: stop for a debugger, or write a report into the repository (mounted read-only)
REFUSED_PYTEST = ("--collect-only", "--co", "--setup-plan", "--setup-only", "--fixtures", "--funcargs",
                  "--fixtures-per-test", "--markers", "--version", "-V", "-h", "--help", "--pdb", "--trace",
                  "--junitxml", "--junit-xml", "--resultlog", "--result-log", "--report-log")
#: pytest options that move its rootdir or configuration away from the repository's
REFUSED_CONFIG = ("-c", "--config-file", "--rootdir")
#: pytest options that need its cache (``-p no:cacheprovider`` in every session)
REFUSED_CACHE = ("--lf", "--last-failed", "--ff", "--failed-first", "--nf", "--new-first", "--sw", "--stepwise",
                 "--sw-skip", "--stepwise-skip", "--cache-show", "--cache-clear")


def check_repo_options(repo: Path, out: Path, *, cache_dir: Path | None, min_tests: int,
                       max_tests: int, query: str, tests: Sequence[str] = ()) -> Path:
    """The checks made before any work; returns the repository's resolved path.

    Raises:
        UsageError: ``repo`` is not a folder; ``out`` or the cache is inside it (a build never
            writes into the user's tree); bad ``min_tests`` / ``max_tests`` / ``query``; a
            ``tests`` option of :data:`REFUSED_PYTEST`, :data:`REFUSED_CONFIG` or
            :data:`REFUSED_CACHE`; a test path outside the repository.
    """
    for arg in tests:
        name = arg.split("=", 1)[0]
        if name in REFUSED_PYTEST or name in REFUSED_CONFIG or name in REFUSED_CACHE:
            raise UsageError(f"--tests: pytest's {name} does not apply: " + (
                "the build runs the suite in the sandbox to see what each test executes (an option that only "
                "collects, lists or plans, stops for a debugger or writes a report into the repository cannot)"
                if name in REFUSED_PYTEST else
                "the suite runs from the repository with its own configuration (to drop the project's "
                "addopts, use -o addopts=)" if name in REFUSED_CONFIG else
                "it needs pytest's cache, which the build turns off (the repository is mounted read-only)"))
    if not repo.is_dir():
        raise UsageError(f"--from-repo {repo}: not a folder")
    root = repo.resolve()
    for arg in tests:  # a test path or node id must be in the repository
        target = Path(arg.split("::", 1)[0])
        if not arg.startswith("-") and (target.is_absolute() or ".." in target.parts):
            where = (root / target).resolve()
            if where != root and root not in where.parents:
                raise UsageError(f"--tests: {arg} is outside --from-repo {repo}; name the tests by their "
                                 "path inside the repository")
    for label, path in (("--out", out), ("the cache", cache_root(cache_dir))):
        where = path.resolve()
        if where == root or root in where.parents:
            raise UsageError(f"{label} {path} is inside --from-repo {repo}; a build never writes into "
                             "the repository, so put it elsewhere")
    if not 1 <= min_tests <= max_tests:
        raise UsageError(f"--min-tests {min_tests} and --max-tests {max_tests}: need 1 <= min <= max")
    if query not in QUERY_MODES:
        raise UsageError(f"--query must be one of {', '.join(QUERY_MODES)}, got {query!r}")
    return root


def build_from_repo(repo: Path, out: Path, *, oracle: Oracle, seed: int = 0, tests: Sequence[str] = (),
                    python: Path | None = None, min_tests: int = MIN_TESTS, max_tests: int = MAX_TESTS,
                    query: str = "summary", families: str | None = None, probe_gate: bool | None = None,
                    probe_margin: float | None = None, cache_dir: Path | None = None, no_cache: bool = False,
                    log=print, build_tasks: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """Discover ``repo``'s tasks and build their release into ``out``; returns the build report.

    ``families``: the family design (default ``centred``); ``probe_gate`` (default on) and
    ``probe_margin`` as for every build.  ``build_tasks``: the one single-task build path the
    tasks go through (:func:`execir.workflow.pipeline.build_tasks`, passed in by the command: the
    workflow sits above this package).  Other arguments: :func:`execir.repo.discover.discover`.

    Raises:
        UsageError: an option check (:func:`check_repo_options`), a discovery failure, no task
            left (no function with a docstring and enough passing covering tests), the gates.
    """
    from execir.probes.card import DEFAULT_MARGIN

    root = check_repo_options(repo, out, cache_dir=cache_dir, min_tests=min_tests, max_tests=max_tests,
                              query=query, tests=tests)
    before, _ = tree_digest(root)
    t0 = time.monotonic()
    cache = None if no_cache else cache_root(cache_dir) / REPO_CACHE_DIR
    found = discover(root, oracle, tests=tests, python=python, min_tests=min_tests,
                     max_tests=max_tests, query=query, cache=cache, log=log)
    discovered = time.monotonic() - t0
    c = found.counts
    log(f"discovery: {c['functions']} functions, {c['with_docstring']} with a docstring, "
        f"{c['covered']} covered, {c['covered_min_tests']} by >= {min_tests} passing tests, "
        f"{c['kept']} tasks; {found.tests['passed']}/{found.tests['collected']} tests pass; "
        f"{discovered:.0f} s")
    if found.left_out:
        log(left_out_line(found.left_out))
    if not found.tasks:
        raise UsageError(f"--from-repo {root}: no function has a docstring, a body to mutate and "
                         f">= {min_tests} passing tests that run it (--min-tests lowers the bar)")
    repository = dict(found.repository, discovery=found.counts, tests=found.tests, left_out=found.left_out,
                      options={"min_tests": min_tests, "max_tests": max_tests, "query": query})
    report = build_tasks(found.tasks, out, name=f"repo-{slug(root.name)}", oracle=oracle, seed=seed, log=log,
                         probe_margin=DEFAULT_MARGIN if probe_margin is None else probe_margin,
                         gated=True if probe_gate is None else probe_gate,
                         extra={"repository": repository}, families=families or "centred",
                         max_mutants=MAX_MUTANTS, counting=COUNTING)
    after, _ = tree_digest(root)
    if after != before:
        log(f"warning: {repo} changed during the build (its tree digest differs); "
            "something other than execir wrote into it")
    report["repository"]["seconds"] = {"discovery": round(discovered, 1),
                                       "build": round(time.monotonic() - t0 - discovered, 1)}
    return report


def left_out_line(left_out: list[dict[str, Any]], shown: int = 8) -> str:
    """One line naming the documented functions discovery left out, with each one's reason (the
    first ``shown``; every one is in ``build_report.json``'s ``repository.left_out``)."""
    names = [f"{r['function']} ({LEFT_OUT[r['reason']]})" for r in left_out[:shown]]
    more = f"; {len(left_out) - shown} more" if len(left_out) > shown else ""
    return (f"discovery: left out {len(left_out)} documented function(s): {'; '.join(names)}{more} "
            "(all with reasons: build_report.json, repository.left_out)")


def operator_kill_rates(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per mutation type: enumerated mutants, killed (any failing test), kill rate, planted --
    from a build report's ``mutants.by_type``."""
    out = {}
    for kind, row in sorted(report["mutants"]["by_type"].items()):
        killed = row.get("killed_crash_only", 0) + row.get("killed_wrong_output", 0)
        n = row.get("enumerated", 0)
        out[kind] = {"enumerated": n, "killed": killed, "kill_rate": round(killed / n, 3) if n else None,
                     "planted": row.get("planted", 0)}
    return out
