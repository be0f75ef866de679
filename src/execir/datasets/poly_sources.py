"""Sources of the ``execir-poly`` problem set: one folder per problem, solved in six languages.

Layout (package data, ``execir/datasets/data/execir-poly/<domain>/<slug>/``)::

    problem.json     description, abbreviated, search, hard_negatives, tests (see below)
    solution.py      the canonical program in each language; every one reads the test's
    solution.cpp     ``input`` on stdin and writes the answer on stdout (CoREB's stdin/stdout
    solution.java    style, so one test list serves all six).  Java's class is ``Main``.
    solution.go
    solution.rb
    solution.js

``problem.json`` fields (CoREB §3.1 and appendix A.2 name the description kinds):

* ``description`` -- the full problem statement, input and output format included (≥ 80 words);
* ``abbreviated`` -- the same problem in 50-150 words;
* ``search`` -- a short developer-style keyword query (2-10 words);
* ``hard_negatives`` -- four descriptions of *different* programs a careless reader would
  confuse with this one, one per CoREB strategy: ``operation_type``, ``optimisation_objective``,
  ``algorithmic_approach``, ``problem_domain`` (each ≥ 30 words);
* ``tests`` -- at least five ``{"input": str, "output": str}`` cases (outputs compared after
  stripping trailing whitespace on each line and at the end, :mod:`execir.execution.programs`);
* ``ported_from`` -- optional, the ``execir-py`` task id the problem was ported from.

:func:`load_problems` reads and checks every folder; :func:`verify_problems` runs every canonical
on its tests through the oracle.  ``python -m execir.datasets.poly_sources [SLUG...]`` does both
and prints one line per failure (for authors).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.errors import DataError, json_error
from execir.datasets.shipped import POLY

#: language -> solution file name, in the order the release lists them.
SOLUTION_FILES: dict[str, str] = {
    "python": "solution.py", "cpp": "solution.cpp", "java": "solution.java",
    "go": "solution.go", "ruby": "solution.rb", "javascript": "solution.js",
}
#: CoREB's four hard-negative strategies (appendix A.2), in this order.
HARD_NEGATIVE_KINDS = ("operation_type", "optimisation_objective", "algorithmic_approach",
                       "problem_domain")
MIN_TESTS = 5
ABBREVIATED_WORDS = (50, 150)
SEARCH_WORDS = (2, 10)
DESCRIPTION_MIN_WORDS = 80
HARD_NEGATIVE_MIN_WORDS = 30


def default_root() -> Path:
    """The packaged ``execir-poly`` source folder."""
    return Path(__file__).resolve().parent / "data" / POLY


@dataclass(frozen=True)
class PolyProblem:
    """One ``execir-poly`` problem as authored.

    Attributes:
        problem_id: ``poly/<slug>``, unique.
        domain: the topical domain (the folder above the problem's).
        description, abbreviated, search: the three query texts (full, 50-150 words, keywords).
        hard_negatives: strategy name -> description of a confusable different program.
        tests: ``({"input": ..., "output": ...}, ...)``, shared by every language.
        solutions: language -> canonical program source.
        ported_from: the ``execir-py`` task id it was ported from, or None.
        rewritten_from: the authored statement when ``description`` is an LLM's counterfactual
            rewrite of it (:func:`execir.generate.texts.rewrite_statements`), else None.

    A folder read with ``partial=True`` (:func:`load_problem`) may leave ``abbreviated`` and
    ``search`` None, ``hard_negatives`` short of kinds and ``solutions`` short of languages,
    for an LLM to fill (:mod:`execir.generate.problems`).
    """

    problem_id: str
    domain: str
    description: str
    abbreviated: str | None
    search: str | None
    hard_negatives: Mapping[str, str]
    tests: tuple[Mapping[str, str], ...]
    solutions: Mapping[str, str]
    ported_from: str | None = None
    rewritten_from: str | None = None


def _words(text: str) -> int:
    return len(text.split())


def _text(data: Mapping[str, Any], name: str, path: Path, words: tuple[int, int | None]) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise DataError(path, "expected a non-empty string", field=name)
    low, high = words
    n = _words(value)
    if n < low or (high is not None and n > high):
        bound = f"at least {low}" if high is None else f"{low}-{high}"
        raise DataError(path, f"has {n} words, expected {bound}", field=name)
    return value


def _tests(data: Mapping[str, Any], path: Path) -> tuple[dict[str, str], ...]:
    tests = data.get("tests")
    if not isinstance(tests, list) or len(tests) < MIN_TESTS:
        raise DataError(path, f"expected a list of at least {MIN_TESTS} tests", field="tests")
    out = []
    for i, test in enumerate(tests):
        if (not isinstance(test, dict) or set(test) != {"input", "output"}
                or not all(isinstance(v, str) for v in test.values())):
            raise DataError(path, 'expected {"input": str, "output": str}', field=f"tests[{i}]")
        out.append({"input": test["input"], "output": test["output"]})
    return tuple(out)


def load_problem(folder: Path, partial: bool = False) -> PolyProblem:
    """Read and check one problem folder.  With ``partial`` (a folder an LLM completes, ``execir
    build --from-problems``) only ``description`` and ``tests`` are required: ``abbreviated``,
    ``search``, any ``hard_negatives`` kind and any solution file may be missing.

    Raises:
        DataError: a missing file, malformed JSON, or a field out of its bounds (the message
            names the file and field).
    """
    path = folder / "problem.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise DataError(path, "missing") from None
    except json.JSONDecodeError as err:
        raise json_error(path, err) from None
    if not isinstance(data, dict):
        raise DataError(path, "expected a JSON object")
    negatives = data.get("hard_negatives", {} if partial else None)
    if not isinstance(negatives, dict) or not (set(negatives) <= set(HARD_NEGATIVE_KINDS) if partial
                                               else set(negatives) == set(HARD_NEGATIVE_KINDS)):
        raise DataError(path, f"expected {'only' if partial else 'exactly'} the keys {list(HARD_NEGATIVE_KINDS)}",
                        field="hard_negatives")
    hard = {k: _text(negatives, k, path, (HARD_NEGATIVE_MIN_WORDS, None))
            for k in HARD_NEGATIVE_KINDS if k in negatives}
    solutions = {}
    for language, name in SOLUTION_FILES.items():
        file = folder / name
        if file.is_file():
            solutions[language] = file.read_text(encoding="utf-8")
        elif not partial:
            raise DataError(file, f"missing: every problem is solved in {list(SOLUTION_FILES)}")
    ported = data.get("ported_from")
    if ported is not None and not isinstance(ported, str):
        raise DataError(path, "expected a string or null", field="ported_from")
    optional = {name: None if partial and data.get(name) is None else _text(data, name, path, words)
                for name, words in (("abbreviated", ABBREVIATED_WORDS), ("search", SEARCH_WORDS))}
    return PolyProblem(
        problem_id=f"poly/{folder.name}", domain=folder.parent.name,
        description=_text(data, "description", path, (DESCRIPTION_MIN_WORDS, None)),
        hard_negatives=hard, tests=_tests(data, path), solutions=solutions, ported_from=ported, **optional)


def load_problems(root: str | Path | None = None, only: Sequence[str] | None = None,
                  partial: bool = False) -> list[PolyProblem]:
    """Every problem under ``root`` (default :func:`default_root`), sorted by ``problem_id``;
    ``only`` keeps the named slugs; ``partial`` as in :func:`load_problem`.  A problem folder
    is ``root/<domain>/<slug>/`` or ``root/<slug>/`` (its domain is then ``root``'s name).

    Raises:
        DataError: ``root`` is not a folder, a malformed problem folder, two problems with one
            slug, or (``partial``) no problem folder at all.
    """
    root = Path(root) if root is not None else default_root()
    if not root.is_dir():
        raise DataError(root, "does not exist" if not root.exists() else "is not a folder")
    folders = sorted(p.parent for pattern in ("*/problem.json", "*/*/problem.json") for p in root.glob(pattern))
    if partial and not folders:
        raise DataError(root, "no problem folder (<slug>/problem.json or <domain>/<slug>/problem.json) in it")
    if only:
        folders = [f for f in folders if f.name in set(only)]
    seen: dict[str, Path] = {}
    for folder in folders:
        if folder.name in seen:
            raise DataError(folder, f"slug already used by {seen[folder.name]}")
        seen[folder.name] = folder
    return sorted((load_problem(f, partial) for f in folders), key=lambda p: p.problem_id)


def verify_problems(problems: Sequence[PolyProblem], oracle: Any = None) -> list[str]:
    """Run every canonical on its problem's tests through the oracle (never in this process).

    Args:
        problems: as :func:`load_problems` returns.
        oracle: an :class:`execir.execution.oracle.Oracle`; default limits when None.

    Returns:
        One line per (problem, language) whose canonical does not pass every test, naming the
        outcomes; empty when all pass.
    """
    from execir.execution.oracle import Oracle

    oracle = oracle if oracle is not None else Oracle()
    failures = []
    for language in SOLUTION_FILES:
        jobs = [(p.solutions[language], list(p.tests)) for p in problems]
        if not jobs:
            continue
        for problem, result in zip(problems, oracle.run(jobs, language=language)):
            if any(o != "pass" for o in result.outcomes):
                failures.append(f"{problem.problem_id} [{language}]: {list(result.outcomes)}")
    return failures


def main(argv: Sequence[str]) -> int:
    """Authors' check: load (and check) the named problems, or all, then run their canonicals."""
    try:
        problems = load_problems(only=list(argv) or None)
    except DataError as err:
        print(err, file=sys.stderr)
        return 1
    failures = verify_problems(problems)
    for line in failures:
        print(line)
    print(f"{len(problems)} problems, {len(failures)} failing (problem, language) pairs")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
