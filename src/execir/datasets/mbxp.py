"""MBXP adapter: MBPP translated to other languages (Athiwaratkun et al., 2023, amazon-science
mxeval; data CC BY 4.0), read from a copy of the ``data/mbxp`` folder.

Languages with canonical solutions that execir runs: Java (``mbjp_release_v1.2.jsonl``),
JavaScript (``mbjsp_release_v1.2.jsonl``), C++ (``mbcpp_release_v1.2.jsonl``) and Ruby
(``mbrbp_release_v1.2.jsonl``); ``--path`` is the folder or one of these files.  Rows have
``task_id`` (``MBRBP/2``...), ``prompt`` (signature and a comment with examples),
``entry_point``, ``description``, ``test`` and ``canonical_solution`` (null or empty for many
problems).

Mapping (as :mod:`execir.datasets.mbpp` does for MBPP):

* query -- ``description`` (the MBPP problem text), whitespace collapsed;
* canonical -- ``prompt + canonical_solution``, the program upstream builds (before its test);
* tests -- one function-level test per problem: ``"\\n" + test``, the dataset's whole harness
  (JavaScript's ``require("lodash")`` is served by the runner's stand-in), with its statement for
  a wrong answer made an assertion failure (:func:`assertion_test`): upstream throws a plain
  exception there (``raise StandardError``, ``throw runtime_error(...)``, ``throw new
  java.lang.Exception(...)``, and in JavaScript a string built from an undefined ``x``, itself a
  ``ReferenceError``), which the oracle reports as ``FAIL:<Exception>`` -- a crash, never
  planted -- where a wrong answer must be ``FAIL`` (ExecRetrieval §3.3);
* entry point -- ``entry_point``.

Rows without a canonical solution are left out (they cannot be verified); upstream's PROVENANCE
warns that some present solutions are test-overfitted stand-ins rather than real solutions.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import iter_jsonl
from execir.records import Task

NAME = "mbxp"
SOURCE = "mbxp"
#: oracle language -> its file in the MBXP folder
FILES: dict[str, str] = {"cpp": "mbcpp_release_v1.2.jsonl", "java": "mbjp_release_v1.2.jsonl",
                         "javascript": "mbjsp_release_v1.2.jsonl",
                         "ruby": "mbrbp_release_v1.2.jsonl"}
_FIELDS = ("task_id", "prompt", "entry_point", "description", "test")

#: language -> (pattern of upstream's wrong-answer statement, its assertion-failure form)
_WRONG_ANSWER: dict[str, tuple[re.Pattern[str], str]] = {
    "ruby": (re.compile(r"\braise StandardError,"), "raise AssertionError,"),
    "cpp": (re.compile(r"\bthrow (?:std::)?runtime_error\((\"[^\"\n]*\")\);"),
            r"assert(false && \1);"),
    "java": (re.compile(r"\bthrow new java\.lang\.Exception\("), "throw new AssertionError("),
    "javascript": (re.compile(r"\bthrow ('Error at \d+th assert statement\.)"
                              r" Value = ' \+ JSON\.stringify\(x\)"),
                   r"console.assert(false, \1')"),
}


def assertion_test(test: str, language: str) -> str:
    """``test`` with upstream's statement for a wrong answer replaced by the language's
    assertion failure (Ruby ``raise AssertionError`` of the runner's harness, C++
    ``assert(false && "...")``, Java ``throw new AssertionError(...)``, JavaScript
    ``console.assert(false, ...)``); everything else is kept byte for byte."""
    pattern, replacement = _WRONG_ANSWER[language]
    return pattern.sub(replacement, test)


def data_file(path: str | Path, language: str) -> Path:
    """The file of ``language`` in the MBXP folder ``path`` (or ``path`` itself when a file)."""
    path = Path(path)
    return path if path.is_file() else path / FILES[language]


def task_from_row(row: Mapping[str, Any], language: str) -> Task:
    """One MBXP row (with a canonical solution) as a :class:`Task` in ``language``."""
    return Task(task_id=row["task_id"], query=" ".join(row["description"].split()),
                entry_point=row["entry_point"],
                canonical=row["prompt"] + row["canonical_solution"],
                tests=("\n" + assertion_test(row["test"], language),), language=language,
                source=SOURCE)


def load_mbxp(path: str | Path, language: str) -> list[Task]:
    """The MBXP tasks of ``language`` (a key of :data:`FILES`) that have a canonical solution,
    in file order.

    Raises:
        DataError: the file is missing, a row lacks a field (file, line, field), or no row has
            a canonical solution.
    """
    src = data_file(path, language)
    tasks = []
    for lineno, row in iter_jsonl(src):
        for name in _FIELDS:
            if not isinstance(row.get(name), str):
                raise DataError(src, "missing or not a string", line=lineno, field=name)
        solution = row.get("canonical_solution")
        if solution is not None and not isinstance(solution, str):
            raise DataError(src, "not a string", line=lineno, field="canonical_solution")
        if solution and solution.strip():
            tasks.append(task_from_row(row, language))
    if not tasks:
        raise DataError(src, "no row has a canonical_solution")
    return tasks
