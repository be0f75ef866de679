"""Discovery: which functions of a repository its own test suite exercises, and how (issue 27).

:func:`discover` runs the project's pytest suite once, in the sandbox, under coverage.py with one
context per node id (:func:`execir.repo.harness.discovery_test`), maps every executed body line
onto the function that holds it (:func:`execir.repo.source.scan`) and turns each function that
qualifies into a :class:`~execir.records.Task`:

* it has a docstring whose summary has at least :data:`MIN_QUERY_WORDS` words (the query: the
  summary, or the whole docstring with ``query="docstring"``);
* it can be cut out as a snippet (:mod:`execir.repo.source`), is at most :data:`MAX_LINES` lines
  and the mutation engine finds at least one mutant in it;
* at least ``min_tests`` node ids that pass on the unmodified tree, each within
  :data:`SLOW_TEST` seconds, execute its body.

Its tests are those node ids (at most ``max_tests``: the ones naming the function first, then in
node-id order), each a source test (:func:`execir.repo.harness.task_tests`).  Every test's text
holds the tree's digest (:func:`execir.repo.source.tree_digest`), so the execution cache keeps a
suite's outcome for this tree only: a test may read any file, so any change reruns the suites.
The discovery's own result is cached under the cache root by the tree's digest and the options,
so a rerun of a build does not run the suite again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import subprocess
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from execir.errors import UsageError
from execir.execution import Oracle
from execir.formats.files import atomic_write_text
from execir.mutation import enumerate_mutants
from execir.repo.harness import PYTEST_ARGS, RUNNING, discovery_test, last_started, parse_discovery, task_tests
from execir.repo.source import Function, file_digest, scan, summary, tree_digest, unparsable
from execir.records import Task

MIN_TESTS = 3
MAX_TESTS = 20
MAX_LINES = 80
MIN_QUERY_WORDS = 3
QUERY_MODES = ("summary", "docstring")
#: the discovery run's time limit, charged seconds (the whole suite under coverage)
DISCOVERY_TIMEOUT = 900.0
#: a node id still running after this many wall seconds in discovery is stopped (SIGALRM) and
#: counted as failing: a hanging test costs one minute, not the whole run's budget
DISCOVERY_TEST_LIMIT = 60.0
#: ... and its memory, MiB, at least (per-test coverage contexts of a whole suite add up)
DISCOVERY_MEMORY_MB = 4096
_VERSION = "execir-repo-3"
#: a covering test that took longer than this in discovery (under coverage, wall seconds) is
#: left out of a task's oracle: every mutant would run it, and a suite near its time limit
#: makes the canonical time out
SLOW_TEST = 1.0


@dataclass
class Discovery:
    """What :func:`discover` found: the tasks and the counts behind them (``counts``: functions,
    with docstrings, covered, kept, and why the others were left out; ``tests``: node ids run,
    passed, failed)."""

    tasks: list[Task]
    counts: dict[str, int]
    tests: dict[str, int]
    repository: dict[str, Any] = field(default_factory=dict)
    #: every function with a docstring that did not become a task, in file order:
    #: ``{"function": qualname, "file", "line", "reason"}`` (reason: one of :data:`LEFT_OUT`)
    left_out: list[dict[str, Any]] = field(default_factory=list)


#: why a documented function is not a task (the keys of ``Discovery.left_out``'s reasons)
LEFT_OUT = {
    "short_docstring": f"its docstring's summary has fewer than {MIN_QUERY_WORDS} words",
    "no_passing_test": "no passing test runs it",
    "few_tests": "fewer passing tests run it than --min-tests",
    "not_cut_out": "its source could not be cut out of its file",
    "too_long": f"longer than {MAX_LINES} lines",
    "no_mutant": "no mutation operator applies to its body",
}


def python_site(python: Path | None) -> list[str]:
    """The site-packages folders of ``python`` (``--python``), read with ``-I -S`` so that nothing
    of that environment runs here; ``[]`` for None.

    Raises:
        UsageError: ``python`` does not run, or is another Python version than execir's (the
            suite runs in execir's interpreter with that environment's packages added).
    """
    if python is None:
        return []
    cfg = Path(python).absolute().parent.parent / "pyvenv.cfg"  # a virtual environment's python
    if cfg.is_file():
        found = sorted(str(p) for p in cfg.parent.glob("lib/python*/site-packages") if p.is_dir())
        if not found:
            raise UsageError(f"--python {python}: its environment {cfg.parent} has no lib/python*/site-packages")
        if f"python{sys.version_info[0]}.{sys.version_info[1]}" not in found[0]:
            raise UsageError(f"--python {python}: its environment is not Python {sys.version_info[0]}."
                             f"{sys.version_info[1]}, execir's (the suite runs in execir's interpreter)")
        return found
    probe = ("import sys, sysconfig, json; p = sysconfig.get_paths(); "
             "print(json.dumps([list(sys.version_info[:2]), p['purelib'], p['platlib']]))")
    try:
        out = subprocess.run([str(python), "-I", "-S", "-c", probe], capture_output=True, text=True,
                             timeout=30, check=True).stdout
        version, pure, plat = json.loads(out)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        raise UsageError(f"--python {python}: not a Python interpreter that runs here "
                         f"({type(exc).__name__})") from None
    if tuple(version) != sys.version_info[:2]:
        raise UsageError(f"--python {python} is Python {version[0]}.{version[1]}; the suite runs in execir's "
                         f"Python {sys.version_info[0]}.{sys.version_info[1]} with that environment's "
                         "packages, so the versions must match")
    return sorted({p for p in (pure, plat) if Path(p).is_dir()})


def discover(repo: Path, oracle: Oracle, *, tests: Sequence[str] = (), python: Path | None = None,
             min_tests: int = MIN_TESTS, max_tests: int = MAX_TESTS, query: str = "summary",
             cache: Path | None = None, log=print) -> Discovery:
    """Run ``repo``'s suite under coverage in the sandbox and build its tasks (module docstring).

    Args:
        repo: the repository's folder (read, never written).
        oracle: runs the suite (its workers, limits' memory; the time limit is
            :data:`DISCOVERY_TIMEOUT`).
        tests: pytest arguments selecting the suite (``--tests``; default: the project's own
            configuration, e.g. ``testpaths``).
        python: an interpreter whose site-packages the suite needs (:func:`python_site`).
        min_tests, max_tests: passing covering node ids a task needs / keeps.
        query: ``"summary"`` (the docstring's first paragraph) or ``"docstring"``.
        cache: folder for the discovery's result (None: run every time).

    Raises:
        UsageError: no Python source, no test collected, every test failing before mutation,
            the suite not importing, the discovery run failing or timing out.
    """
    repo = repo.resolve()
    for needed in ("pytest", "coverage"):
        if importlib.util.find_spec(needed) is None:
            raise UsageError(f"--from-repo needs {needed}: pip install 'execir[repo]'")
    functions, counts = scan(repo)
    bad = unparsable(repo) if counts["unparsable_files"] else []
    if not functions:
        why = f" ({bad[0][0]} does not parse: {bad[0][1]})" if bad else ""
        raise UsageError(f"--from-repo {repo}: no Python function found outside its tests{why}")
    if bad:
        log(f"discovery: {len(bad)} source file(s) do not parse and are left out (first: {bad[0][0]}: {bad[0][1]})")
    site = python_site(python)
    roots = sorted({str(repo / f.root) if f.root else str(repo) for f in functions} | {str(repo)})
    base = {"repo": str(repo), "paths": roots, "site": site, "args": [*tests, *PYTEST_ARGS]}
    own = sorted({p for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])
                  if Path(p).is_dir()})  # execir's own pytest and coverage, even in a venv under /tmp
    mounts = [str(repo), *site, *own]
    digest, n_files = tree_digest(repo)
    base["tree"] = digest  # in every test's text, so a cached outcome belongs to this tree only
    found = _run_discovery(oracle, functions, base, mounts, digest, cache, log)
    passed = [o == "pass" and s <= SLOW_TEST for o, s in zip(found["outcomes"], found["seconds"])]
    ok = sum(o == "pass" for o in found["outcomes"])
    stopped = [n for n, o in zip(found["nodes"], found["outcomes"]) if o == "TestTimeout"]
    tests_count = {"collected": len(passed), "passed": ok, "failed_or_skipped": len(passed) - ok,
                   f"passed_over_{SLOW_TEST:g}s": ok - sum(passed),
                   f"stopped_after_{DISCOVERY_TEST_LIMIT:g}s": len(stopped)}
    if stopped:
        log(f"discovery: {len(stopped)} test(s) still running after {DISCOVERY_TEST_LIMIT:g} s were stopped "
            f"and left out (first: {stopped[0]})")
    base["args"] = [*session_options(tests, repo), *PYTEST_ARGS]  # a task's own node ids select
    left_out: list[dict[str, Any]] = []
    tasks = _tasks(repo, functions, found, passed, base, mounts, counts, left_out, min_tests=min_tests,
                   max_tests=max_tests, query=query)
    repository = {"path_name": repo.name, "path": str(repo), "tree_sha256": digest, "files": n_files,
                  "commit": _commit(repo), "pytest_args": list(tests), "python": str(python) if python else None}
    return Discovery(tasks=tasks, counts=counts, tests=tests_count, repository=repository, left_out=left_out)


#: pytest options that select tests, with their value
_SELECTING = ("-k", "-m", "--deselect", "--ignore", "--ignore-glob")


def session_options(args: Sequence[str], repo: Path) -> list[str]:
    """``--tests`` without what selects tests (paths and node ids in the repository, ``-k``,
    ``-m``, ``--deselect``, ``--ignore``...): the options a task's session keeps, its node ids
    selecting its tests.  ``-p asyncio`` or ``-o key=value`` stay."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in _SELECTING:
            skip = True
        elif arg.startswith(tuple(f"{o}=" for o in _SELECTING)) or (
                arg[:2] in ("-k", "-m") and len(arg) > 2 and arg[2] != "-"):
            continue
        elif not arg.startswith("-") and (out[-1:] not in (["-p"], ["-o"], ["-c"], ["-W"])) and \
                (repo / arg.split("::")[0]).exists():
            continue
        else:
            out.append(arg)
    return out


def _run_discovery(oracle: Oracle, functions: Sequence[Function], base: dict, mounts: list[str],
                   digest: str, cache: Path | None, log) -> dict[str, Any]:
    spans: dict[str, dict[str, int]] = {}
    for i, f in enumerate(functions):
        lines = spans.setdefault(f.file, {})
        for n in range(f.start + 1, f.end + 1):
            lines[str(n)] = i
    spec = dict(base, include=sorted(str(Path(base["repo"]) / f) for f in spans), spans=spans,
                test_limit=DISCOVERY_TEST_LIMIT, tops=sorted({f.module.split(".")[0] for f in functions}))
    key = hashlib.sha256(json.dumps([_VERSION, digest, spec], sort_keys=True).encode()).hexdigest()[:32]
    path = cache / f"discovery-{key}.json" if cache is not None else None
    if path is not None and path.is_file():
        found = json.loads(path.read_text(encoding="utf-8"))
        _shadowed(base["repo"], found, spec["tops"], log)  # the line again: its modules are still left out
        return found
    log(f"discovery: running the suite of {base['repo']} under coverage in the sandbox")
    memory = max(oracle.limits.memory_mb, DISCOVERY_MEMORY_MB)
    result = oracle.with_limits(timeout=DISCOVERY_TIMEOUT, memory_mb=memory, output_kb=1 << 16).run_suite(
        "", [discovery_test(spec, mounts)], capture=True)
    found = parse_discovery(result.output or "")
    if found is None:
        outcome = result.outcomes[0] if result.outcomes else "no outcome"
        running = last_started(result.output or "")
        during = f" while running {running}" if running and outcome != "pass" else ""
        raise UsageError(f"--from-repo {base['repo']}: the test suite did not run in the sandbox "
                         f"({outcome}{during}{_last_line(result.output or '')})")
    _shadowed(base["repo"], found, spec["tops"], log)
    _check_session(base["repo"], found, last_started(result.output or ""))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(found, sort_keys=True))
    return found


def _shadowed(repo: str, found: dict[str, Any], tops: Sequence[str], log) -> None:
    """The line (or, when it is every top-level module of the scan, the refusal) for modules of the
    tree that pytest or the sandbox had loaded before the suite ran (``found["shadowed"]``)."""
    shadowed = found.get("shadowed") or []
    if shadowed and set(shadowed) >= set(tops):
        raise UsageError(f"--from-repo {repo}: {', '.join(shadowed)} is imported by pytest itself "
                         "before any test runs, so the suite would exercise the installed copy, not this tree; "
                         "execir cannot build a release from it")
    if shadowed:
        log(f"discovery: {', '.join(shadowed)} is loaded before the suite runs (pytest or the sandbox imports a "
            "module of that name), so its functions are never the tree's and are left out")


def _check_session(repo: str, found: dict[str, Any], running: str | None = None) -> None:
    """One line for a suite that cannot seed tasks: nothing collected, not importable, all
    failing, or stopped part-way by a test (``running``: the last node id that started)."""
    code, outcomes = found["exit"], found["outcomes"]
    if code == 2 and any(o == "pass" for o in outcomes):  # INTERRUPTED after tests ran
        raise UsageError(f"--from-repo {repo}: the suite stopped part-way after {len(outcomes)} tests"
                         f"{f', in {running}' if running else ''} (a test raised KeyboardInterrupt or called "
                         "pytest.exit); leave it out with --tests '... --deselect NODE_ID'")
    if code == 3:  # an internal error stops the session part-way: the suite was not all seen
        hint = " (--memory raises the sandbox's limit)" if "MemoryError" in found["log"] else ""
        raise UsageError(f"--from-repo {repo}: pytest stopped with an internal error after {len(outcomes)} "
                         f"tests{_last_line(found['log'])}{hint}")
    if code in (2, 3, 4) and not any(o == "pass" for o in outcomes):
        hint = (" (plugins are not auto-loaded: name one with --tests '-p NAME ...', or drop the project's "
                "addopts with --tests '-o addopts= tests')" if "unrecognized arguments" in found["log"] else "")
        raise UsageError(f"--from-repo {repo}: the test suite does not run (pytest exit {code})"
                         f"{_last_line(found['log'])}{hint}")
    if code == 5 or not outcomes:
        raise UsageError(f"--from-repo {repo}: pytest collected no test (give the suite with --tests, "
                         f"e.g. --tests tests/){_last_line(found['log'])}")
    if not any(o == "pass" for o in outcomes):
        raise UsageError(f"--from-repo {repo}: every one of its {len(outcomes)} tests fails before any "
                         f"mutation (first: {found['nodes'][0]}: {outcomes[0]})")


def _last_line(log: str) -> str:
    """``: <the line of pytest's log that says why>`` (its short summary's first ``ERROR path -
    Exception: message`` line, else its first ``E   ...Error`` line, else the last line of a
    traceback naming its exception, else its last line naming an error, else its last line), or
    ``""``."""
    lines = [ln.strip() for ln in log.splitlines()
             if ln.strip() and not set(ln.strip()) <= set("=-_ ") and not ln.startswith(RUNNING)]
    summary = [ln[6:] for ln in lines if ln.startswith("ERROR ") and " - " in ln]
    raised = [ln[1:].strip() for ln in lines if ln.startswith("E ") and "Error" in ln]
    final = [ln for ln in lines if _RAISED.match(ln)]
    errors = [ln for ln in lines if "rror" in ln]
    pick = (summary or raised or [""])[0] or (final or errors or lines or [""])[-1]
    return f": {pick[:200]}" if pick else ""


#: a traceback's last line: ``SomeError: message`` (dotted names too)
_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning)\b")


def _tasks(repo: Path, functions: Sequence[Function], found: dict[str, Any], passed: list[bool],
           base: dict, mounts: list[str], counts: dict[str, int], left_out: list[dict[str, Any]], *,
           min_tests: int, max_tests: int, query: str) -> list[Task]:
    """The tasks of ``functions``; ``counts`` gets the funnel's counts and ``left_out`` one row per
    documented function that is not a task, with the reason (:data:`LEFT_OUT`)."""
    nodes = found["nodes"]
    covers = {int(k): [nodes[i] for i in v if passed[i]] for k, v in found["covers"].items()}
    keys = ("with_docstring", "covered", "covered_min_tests", "not_cut_out", "too_long", "no_mutant", "kept")
    counts.update({k: 0 for k in keys})
    digests: dict[str, str] = {}
    tasks = []
    for i, f in enumerate(functions):
        if not f.docstring.strip():
            continue  # not a candidate: no query text (counted in ``functions`` only)
        words = summary(f.docstring).split()
        covering = covers.get(i, [])
        reason = _left_out(f, words, covering, min_tests)
        if len(words) >= MIN_QUERY_WORDS:
            counts["with_docstring"] += 1
            counts["covered"] += bool(covering)
            counts["covered_min_tests"] += len(covering) >= min_tests
            if reason in ("not_cut_out", "too_long", "no_mutant"):
                counts[reason] += 1
        if reason is not None:
            left_out.append({"function": f.qualname, "file": f.file, "line": f.start, "reason": reason})
            continue
        chosen = sorted(covering, key=lambda n: (f.name.lower() not in n.lower(), n))[:max_tests]
        if f.file not in digests:
            digests[f.file] = file_digest(repo / f.file)
        spec = dict(base, name=f.name, file=f.file, digest=digests[f.file], module=f.module,
                    package=f.is_package, start=f.start, end=f.end, col=f.col, doc=f.doc_source)
        text = " ".join(words) if query == "summary" else f.docstring
        tasks.append(Task(task_id=f.task_id, query=text, entry_point=f.name, canonical=f.snippet,
                          tests=tuple(task_tests(spec, chosen, mounts)), domain=f.module,
                          source=repo.name, metadata={"file": f.file, "line": f.start,
                                                      "qualname": f.qualname, "node_ids": chosen}))
    counts["kept"] = len(tasks)
    return tasks


def _left_out(f: Function, words: list[str], covering: list[str], min_tests: int) -> str | None:
    """Why ``f`` (a documented function) is not a task, a key of :data:`LEFT_OUT`; None: it is one."""
    if len(words) < MIN_QUERY_WORDS:
        return "short_docstring"
    if len(covering) < min_tests:
        return "few_tests" if covering else "no_passing_test"
    if not f.snippet:
        return "not_cut_out"
    if f.end - f.start + 1 > MAX_LINES:
        return "too_long"
    return None if _mutable(f) else "no_mutant"


def _mutable(f: Function) -> bool:
    try:
        return bool(enumerate_mutants(f.snippet, entry_point=f.name))
    except (SyntaxError, ValueError):
        return False


def _commit(repo: Path) -> str | None:
    """The repository's checked-out commit, read from ``.git`` without running git, or None."""
    head = repo / ".git" / "HEAD"
    try:
        ref = head.read_text(encoding="utf-8").strip()
        if ref.startswith("ref: "):
            target = repo / ".git" / ref[5:]
            if target.is_file():
                return target.read_text(encoding="utf-8").strip()
            packed = (repo / ".git" / "packed-refs").read_text(encoding="utf-8")
            return next((ln.split()[0] for ln in packed.splitlines() if ln.endswith(" " + ref[5:])), None)
        return ref or None
    except OSError:
        return None
