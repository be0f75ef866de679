"""HumanEval-X adapter: the 164 HumanEval problems in Python, C++, Java, JavaScript, Go and Rust
(Zheng et al., 2023, CodeGeeX; Apache-2.0), read from a copy of the data folder.

The folder holds ``<folder>/humaneval_<folder>.jsonl.gz`` per language (``python``, ``cpp``,
``java``, ``js``, ``go``, ``rust``), as in upstream's ``codegeex/benchmark/humaneval-x``;
``--path`` may also name one such file.  Rows have ``task_id`` (``CPP/0``...), ``prompt``,
``declaration``, ``canonical_solution`` and ``test`` (Go adds ``test_setup``).

Mapping (as :mod:`execir.datasets.humaneval` does for HumanEval):

* query -- the natural-language part of the problem's comment in the prompt (``/* ... */``,
  Java's ``/** ... */``, Go's ``//`` lines; Python: the docstring), with examples dropped by
  :func:`execir.datasets.humaneval.natural_language`;
* canonical -- ``prompt + canonical_solution`` (Rust: ``declaration + canonical_solution``, since
  its prompt is only the comment and lacks the ``use`` lines; Go: the prompt's imports and
  function, without ``package``, which the Go runner adds);
* tests -- one function-level test per problem, the dataset's whole test harness (C++/Java: a
  ``main``; JavaScript: the test calls; Go: ``test_setup + test``, a ``func TestX(t
  *testing.T)`` using testify, which the runner provides; Rust: a ``#[cfg(test)] mod tests``).
  Python: the ``check`` function split into one test per assert, as for HumanEval;
* entry point -- the first function the test calls that the canonical defines (tree-sitter);
  Python: the name passed to ``check(...)``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from execir.datasets.humaneval import docstring_query, natural_language, split_check
from execir.errors import DataError, UsageError
from execir.execution.languages import canonical as canonical_language
from execir.formats.files import iter_jsonl
from execir.records import Task

NAME = "humaneval-x"
SOURCE = "humaneval-x"
#: oracle language -> the data folder (and file stem) of that language
FOLDERS: dict[str, str] = {"cpp": "cpp", "go": "go", "java": "java", "javascript": "js",
                           "python": "python", "rust": "rust"}

_BLOCK = re.compile(r"/\*+(.*?)\*/", re.DOTALL)
_CHECK_CALL = re.compile(r"^check\(\s*([A-Za-z_]\w*)\s*\)\s*$", re.MULTILINE)


def pick_language(dataset: str, language: str | None, choices: Mapping[str, Any]) -> str:
    """The oracle's name of ``language`` when ``dataset`` has it (aliases such as ``js`` and
    ``c++`` accepted).

    Raises:
        UsageError: no language given, an unknown language, or one ``dataset`` does not have.
    """
    have = ", ".join(sorted(choices))
    if language is None:
        raise UsageError(f"dataset {dataset!r} needs --language (one of: {have})")
    try:
        lang = canonical_language(language)
    except ValueError:
        raise UsageError(f"unknown language {language!r}; {dataset} has: {have}") from None
    if lang not in choices:
        raise UsageError(f"dataset {dataset!r} has no {lang} tasks; choose one of: {have}")
    return lang


def data_file(path: str | Path, language: str) -> Path:
    """The JSONL.gz file of ``language`` under the HumanEval-X folder ``path`` (or ``path``
    itself when it is a file)."""
    path = Path(path)
    if path.is_file():
        return path
    folder = FOLDERS[language]
    return path / folder / f"humaneval_{folder}.jsonl.gz"


def comment_text(prompt: str) -> str:
    """The text of the first block comment of ``prompt`` (leading ``*`` of each line removed),
    else of its ``//`` comment lines; empty when it has neither."""
    m = _BLOCK.search(prompt)
    if m is not None:
        return "\n".join(re.sub(r"^\s*\*+ ?", "", line) for line in m.group(1).splitlines())
    return "\n".join(line.strip()[2:] for line in prompt.splitlines()
                     if line.strip().startswith("//"))


def entry_point_of(code: str, test: str, language: str) -> str | None:
    """The first function (by first call in ``test``) that ``code`` defines, or None."""
    from execir.mutation.languages import get_language  # tree-sitter, loaded on use

    lang = get_language(language)
    root = lang.parser().parse(code.encode("utf-8")).root_node
    defined = {n.text.decode("utf-8") for n in lang.function_names(root)}
    first: dict[str, int] = {}
    for name in defined:
        m = re.search(rf"(?<![A-Za-z0-9_$]){re.escape(name)}\s*\(", test)
        if m is not None:
            first[name] = m.start()
    return min(first, key=lambda n: (first[n], n)) if first else None


def task_from_row(row: Mapping[str, Any], language: str) -> Task:
    """One HumanEval-X row as a :class:`Task` in ``language`` (see the module docstring).

    Raises:
        KeyError: a field is missing.  ValueError: no entry point found, or the Python prompt
            or test does not parse.
    """
    if language == "python":
        m = _CHECK_CALL.search(row["test"])
        if m is None:
            raise ValueError("the test never calls check(<entry point>)")
        entry = m.group(1)
        return Task(task_id=row["task_id"], query=docstring_query(row["prompt"], entry),
                    entry_point=entry, canonical=row["prompt"] + row["canonical_solution"],
                    tests=split_check(_CHECK_CALL.sub("", row["test"]), entry),
                    language="python", source=SOURCE)
    head = row["declaration"] if language == "rust" else row["prompt"]
    code = head + row["canonical_solution"]
    test = row["test_setup"] + row["test"] if language == "go" else row["test"]
    entry = entry_point_of(code, test, language)
    if entry is None:
        raise ValueError("the test calls no function the canonical defines")
    return Task(task_id=row["task_id"], query=natural_language(comment_text(row["prompt"]), entry),
                entry_point=entry, canonical=code, tests=(test,), language=language,
                source=SOURCE)


def load_humaneval_x(path: str | Path, language: str) -> list[Task]:
    """The HumanEval-X tasks of ``language`` (an oracle name, see :data:`FOLDERS`) from the data
    folder (or file) ``path``, in file order (164 per language).

    Raises:
        DataError: the file is missing or a row is malformed (file, line, field).
    """
    src = data_file(path, language)
    fields = ["task_id", "prompt", "canonical_solution", "test"]
    fields += {"rust": ["declaration"], "go": ["test_setup"]}.get(language, [])
    tasks = []
    for lineno, row in iter_jsonl(src):
        for name in fields:
            if not isinstance(row.get(name), str):
                raise DataError(src, "missing or not a string", line=lineno, field=name)
        try:
            tasks.append(task_from_row(row, language))
        except (SyntaxError, ValueError) as exc:
            raise DataError(src, str(exc), line=lineno, field="test") from None
    if not tasks:
        raise DataError(src, "no tasks: the file is empty")
    return tasks
