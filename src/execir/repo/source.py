"""The functions of a repository's source, read statically (nothing of the repository runs here).

:func:`scan` walks a repository's Python files (not its tests, virtual environments or build
folders) and returns every module-level function and method (:class:`Function`) with what a
task needs: its module and qualified name, the line span of its ``def`` (decorators stay in the
file), the indentation, the docstring, and the *snippet*: the function's text dedented, with the
docstring statement removed (the docstring is the query; left in the snippet it would name the
answer's family for any lexical retriever).  Functions nested in functions are skipped (they
bind their enclosing scope, so they cannot be swapped alone), as are qualified names defined
twice in one module (a property's getter and setter) and bodies that cannot be cut out cleanly
(a docstring sharing a line with code, tab indentation).

Line numbers are 1-based and inclusive, as :mod:`ast` gives them.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from execir.errors import UsageError

#: folders never scanned, at any depth: tests, installed packages, caches (hidden folders and
#: virtual environments, a folder holding ``pyvenv.cfg``, too)
SKIP_DIRS = frozenset({"tests", "test", "testing", "site-packages", "node_modules", "__pycache__"})
#: folders not scanned at the repository's top level only (a package may well be named ``build``)
TOP_SKIP_DIRS = frozenset({"docs", "doc", "examples", "benchmarks", "build", "dist", "venv", "env"})
#: files of the test suite (never tasks)
_TEST_FILES = ("conftest.py", "setup.py", "noxfile.py", "fabfile.py")


@dataclass(frozen=True)
class Function:
    """One function or method of the repository.

    Attributes:
        module: dotted module name (``pkg.sub.mod``; a package's ``__init__.py`` is ``pkg``).
        qualname: ``name`` or ``Class.name`` (nested classes joined by dots).
        file: path relative to the repository, ``/``-separated.
        root: the folder the module is imported from, relative to the repository (``""`` or
            ``"src"``).
        start, end: lines of the ``def`` statement (first line of ``def``, not of a decorator)
            through the last line of the body.
        col: indentation of the ``def`` line, in spaces.
        docstring: the cleaned docstring (:func:`inspect.cleandoc`), ``""`` when none.
        snippet: the ``def`` dedented by ``col``, docstring statement removed; ``""`` when the
            function cannot be cut out cleanly.
        doc_source: the docstring statement's lines, dedented by ``col`` (``""`` when none): the
            harness puts them back into a swapped-in snippet, so tests that read ``__doc__``
            (doctests) see the function's documentation.
        statements: statements in the body, docstring excluded (nested ones counted).
    """

    module: str
    qualname: str
    file: str
    root: str
    start: int
    end: int
    col: int
    docstring: str
    snippet: str
    statements: int
    doc_source: str = ""

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    @property
    def task_id(self) -> str:
        return f"{self.module}:{self.qualname}"

    @property
    def is_package(self) -> bool:
        return self.file.endswith("__init__.py")


def is_test_file(rel: str) -> bool:
    """Whether a repository-relative path belongs to a test suite or to set-up scripts."""
    parts = rel.split("/")
    name = parts[-1]
    return (name in _TEST_FILES or name.startswith("test_") or name.endswith("_test.py")
            or any(p in ("tests", "test", "testing") for p in parts[:-1]))


def source_files(repo: Path) -> list[str]:
    """Python source files of ``repo`` (relative, ``/``-separated, sorted), tests and
    environment folders excluded (:data:`SKIP_DIRS` anywhere, :data:`TOP_SKIP_DIRS` at the top,
    hidden folders, virtual environments)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(repo):
        top = Path(dirpath) == repo
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIP_DIRS
                             and not (top and d in TOP_SKIP_DIRS)
                             and not (Path(dirpath, d) / "pyvenv.cfg").exists())
        for name in filenames:
            if name.endswith(".py"):
                rel = Path(dirpath, name).relative_to(repo).as_posix()
                if not is_test_file(rel):
                    out.append(rel)
    return sorted(out)


def module_of(repo: Path, rel: str) -> tuple[str, str]:
    """``(module, root)`` of a source file: the module's dotted name and the folder it is
    imported from (the first folder above it without an ``__init__.py``)."""
    parts = rel[:-3].split("/")
    folder = len(parts) - 1
    while folder > 0 and (repo.joinpath(*parts[:folder]) / "__init__.py").is_file():
        folder -= 1
    names = parts[folder:]
    if names[-1] == "__init__":
        names = names[:-1]
    return ".".join(names), "/".join(parts[:folder])


def scan(repo: Path) -> tuple[list[Function], dict[str, int]]:
    """Every function and method of ``repo``'s source files, in file then line order, with
    counts (``files``, ``unparsable_files``, ``functions``, ``nested_skipped``,
    ``ambiguous_skipped``, ``overload_stubs``).  A file that does not parse or decode is counted
    and skipped; ``@overload`` stubs are left out, so the implementation they describe is not
    ambiguous."""
    counts = {"files": 0, "unparsable_files": 0, "functions": 0, "nested_skipped": 0,
              "ambiguous_skipped": 0, "overload_stubs": 0}
    found: list[Function] = []
    for rel in source_files(repo):
        module, root = module_of(repo, rel)
        if not module:
            continue
        counts["files"] += 1
        parsed = _parse(repo / rel)
        if isinstance(parsed, str):
            counts["unparsable_files"] += 1
            continue
        text, tree = parsed
        lines = text.splitlines(keepends=True)
        defs = list(_defs(tree.body, ""))
        counts["nested_skipped"] += sum(1 for node in ast.walk(tree)
                                        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))
        counts["nested_skipped"] -= len(defs)
        stubs = sum(1 for _, node in defs if _is_overload(node))
        counts["overload_stubs"] += stubs
        defs = [(q, node) for q, node in defs if not _is_overload(node)] if stubs else defs
        names = [q for q, _ in defs]
        for qualname, node in defs:
            if names.count(qualname) > 1:
                counts["ambiguous_skipped"] += 1
                continue
            found.append(_function(module, root, rel, qualname, node, lines))
    counts["functions"] = len(found)
    return found, counts


def _parse(path: Path) -> tuple[str, ast.Module] | str:
    """``(text, tree)`` of a source file, or why it does not parse (``"line 3: invalid syntax"``)."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # a BOM is allowed, as Python allows it
        return text, ast.parse(text)
    except SyntaxError as exc:
        return f"line {exc.lineno}: {exc.msg}"
    except (ValueError, UnicodeDecodeError) as exc:
        return f"{type(exc).__name__}: {exc}"


def unparsable(repo: Path) -> list[tuple[str, str]]:
    """``(file, why)`` of each source file :func:`scan` skips because it does not parse."""
    out = []
    for rel in source_files(repo):
        if module_of(repo, rel)[0]:
            parsed = _parse(repo / rel)
            if isinstance(parsed, str):
                out.append((rel, parsed))
    return out


def _defs(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.FunctionDef]]:
    """Module-level functions and methods (classes nested in classes too), not nested functions."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from _defs(node.body, f"{prefix}{node.name}.")


def _is_overload(node: ast.FunctionDef) -> bool:
    """A ``typing.overload`` stub (``@overload``, ``@typing.overload``, ``@t.overload``)."""
    return any((isinstance(d, ast.Name) and d.id == "overload")
               or (isinstance(d, ast.Attribute) and d.attr == "overload") for d in node.decorator_list)


def _function(module: str, root: str, rel: str, qualname: str, node: ast.FunctionDef,
              lines: list[str]) -> Function:
    doc = ast.get_docstring(node, clean=True) or ""
    body = node.body[1:] if doc or _has_docstring(node) else node.body
    statements = sum(1 for stmt in body for sub in ast.walk(stmt) if isinstance(sub, ast.stmt))
    snippet = _snippet(node, lines)
    doc_source = ""
    if snippet and _has_docstring(node):
        first, last = node.body[0].lineno, node.body[0].end_lineno or node.body[0].lineno
        doc_source = _dedented(lines[first - 1:last], node.col_offset)
        if doc_source is None:  # a docstring line left of the def: it cannot go back exactly
            snippet, doc_source = "", ""
    return Function(module=module, qualname=qualname, file=rel, root=root, start=node.lineno,
                    end=node.end_lineno or node.lineno, col=node.col_offset, docstring=doc,
                    snippet=snippet, statements=statements, doc_source=doc_source)


def _has_docstring(node: ast.FunctionDef) -> bool:
    first = node.body[0]
    return (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str))


def _snippet(node: ast.FunctionDef, lines: list[str]) -> str:
    """The function's text from its ``def`` line, dedented by its column, docstring removed;
    ``""`` when that cannot be done exactly (a docstring sharing a line with code, tabs, a line
    indented less than the ``def``, a body that is only the docstring)."""
    start, end, col = node.lineno, node.end_lineno or node.lineno, node.col_offset
    drop: set[int] = set()
    if _has_docstring(node):
        doc = node.body[0]
        if len(node.body) == 1:
            return ""
        after = node.body[1]
        last = doc.end_lineno or doc.lineno
        if doc.lineno <= start or after.lineno <= last:
            return ""
        before = lines[doc.lineno - 1].encode()[: doc.col_offset]  # ast columns count UTF-8 bytes
        rest = lines[last - 1].encode()[doc.end_col_offset or 0:].decode(errors="replace").strip()
        if before.strip() or (rest and not rest.startswith("#")):
            return ""
        drop = set(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
    text = _dedented([lines[n - 1] for n in range(start, end + 1) if n not in drop], col)
    if text is None:
        return ""
    return text if text.endswith("\n") else text + "\n"


def _dedented(lines: list[str], col: int) -> str | None:
    """``lines`` joined, ``col`` spaces taken off each (a blank line keeps its line break);
    None when a non-blank line has fewer than ``col`` leading spaces or a tab in its indentation."""
    out = []
    for line in lines:
        if "\t" in line[: len(line) - len(line.lstrip())]:
            return None
        if line.strip() and not line.startswith(" " * col):
            return None
        out.append(line[col:] if line.strip() else ("\n" if line.endswith("\n") else ""))
    return "".join(out)


def summary(docstring: str) -> str:
    """The first paragraph of a cleaned docstring, its lines joined by single spaces."""
    para = inspect.cleandoc(docstring).split("\n\n", 1)[0]
    return " ".join(para.split())


def file_digest(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: folders of a tree that tools write as they run (caches, environments): left out of its digest
#: at any depth, so running the project's own tools does not make it another tree
TOOL_DIRS = frozenset({".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox",
                       ".hypothesis", ".venv", ".eggs"})
#: ... and at the top level only (build output; ``src/build`` may be a package whose changes count)
TOP_TOOL_DIRS = frozenset({"venv", "build", "dist"})


def tree_digest(repo: Path) -> tuple[str, int]:
    """``(sha256, files)`` of a repository's tree: every regular file's relative path and bytes,
    in path order, the folders of :data:`TOOL_DIRS` (:data:`TOP_TOOL_DIRS` at the top), virtual
    environments, ``*.egg-info`` and ``.coverage*`` files left out.  It keys every cached outcome of the repository's tests (a test may read any file of
    the tree) and is what a build must leave unchanged."""
    h = hashlib.sha256()
    n = 0
    for dirpath, dirnames, filenames in os.walk(repo):
        top = Path(dirpath) == repo
        dirnames[:] = sorted(d for d in dirnames if d not in TOOL_DIRS and not d.endswith(".egg-info")
                             and not (top and d in TOP_TOOL_DIRS)
                             and not (Path(dirpath, d) / "pyvenv.cfg").exists())
        for name in sorted(filenames):
            path = Path(dirpath, name)
            if name.startswith(".coverage") or path.is_symlink() or not path.is_file():
                continue
            rel = path.relative_to(repo).as_posix()
            h.update(rel.encode("utf-8", "surrogateescape") + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
            n += 1
    return h.hexdigest(), n


def check_unchanged(manifest: Mapping[str, Any]) -> None:
    """Before a release built from a repository is evaluated: its tree must be where it was and
    the one it was built from (its tests would otherwise judge other code, every changed
    module's suite failing as ``FAIL:RuntimeError``), whether or not the outcomes a run needs
    happen to be cached.  Nothing to check for another kind of release.

    Raises:
        UsageError: the repository's folder is gone, or its tree digest (:func:`tree_digest`)
            differs from the manifest's ``repository.tree_sha256``.
    """
    section = manifest.get("repository") or {}
    path, digest = section.get("path"), section.get("tree_sha256")
    if not path or not digest:
        return
    if not Path(path).is_dir():
        raise UsageError(f"this release was built from the repository {path}, which is not a folder on this "
                         "machine: its tests run there (evaluate it where the repository is)")
    if tree_digest(Path(path))[0] != digest:
        raise UsageError(f"the repository {path} changed since this release was built from it (its tree's "
                         f"SHA-256 differs from the manifest's), so its tests would judge other code: "
                         f"rebuild with execir build --from-repo {path}, or restore the tree")
