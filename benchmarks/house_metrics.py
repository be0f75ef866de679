"""The house in figures (issue 52): root modules, kind branches, mirrored pairs, layering, cycles,
``_private`` imports across packages and function lengths of ``src/execir``, read from the source
with :mod:`ast` (nothing is imported or run).

    python benchmarks/house_metrics.py [--src src/execir] [--json] [--list]

What each figure counts:

* **root modules** -- ``*.py`` files directly under the package.
* **kind branches** -- ``if`` / ``elif`` / conditional expressions / ``while`` whose test reads a
  name or attribute that names the kind of benchmark (a word of :data:`KIND_WORDS`, or an
  attribute ``.tasks`` / ``.groups`` of a benchmark), i.e. code that asks which kind it holds.
* **mirrored pairs** -- two functions of the package whose names differ only by a kind word
  (``write_results`` / ``write_coreb_results``, ``build`` / ``build_multitask``).
* **arrows back up** -- distinct module-to-module imports (at any depth, inside functions too)
  from a package to one that :data:`LAYERS` puts above it.
* **cycles** -- strongly connected groups of modules in the import graph (size > 1).
* **private imports** -- ``from execir.a.b import _name`` where the importer is in another package.
* **longest function** -- lines from ``def`` to its last line, nested functions counted alone.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

#: words that name a kind of benchmark (the grouped multitask kind and its old synonyms)
KIND_WORDS = ("coreb", "multitask", "grouped", "poly")
#: the layers, lowest first; a package may import its own layer and the ones below
LAYERS = (
    ("_version", "errors", "paths", "progress", "ranking", "records"),
    ("execution", "scale"),
    ("mutation",),
    ("formats",),
    ("datasets",),
    ("retrieval",),
    ("evaluation",),
    ("probes",),
    ("construction",),
    ("generate",),
    ("repo",),
    ("rerank",),
    ("report",),
    ("mteb",),
    ("workflow",),
    ("api",),
    ("cli",),
    ("__init__",),
)
#: where the root modules before issue 52 live now, so a tree from before is read on the same layers
LEGACY = {"pipeline": "workflow", "options": "workflow", "provenance": "workflow", "caches": "workflow",
          "cli": "cli", "cli_build": "cli", "cli_errors": "cli", "cli_options": "cli", "cli_poly": "cli",
          "cli_render": "cli", "cli_train": "cli", "endpoints": "generate", "protocols": "retrieval",
          "schema": "records"}
_FLOOR = {name: i for i, layer in enumerate(LAYERS) for name in layer}
_FLOOR.update({old: _FLOOR[new] for old, new in LEGACY.items()})
_KIND_RE = re.compile("|".join(KIND_WORDS), re.I)


def module_name(path: Path, src: Path) -> str:
    rel = path.relative_to(src.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def package_of(module: str) -> str:
    """``execir.formats.files`` -> ``formats``; a root module is its own package."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(tree: ast.AST, module: str, is_pkg: bool) -> list[tuple[str, list[str]]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")[: len(module.split(".")) - node.level + (1 if is_pkg else 0)]
                base = ".".join(anchor + ([base] if base else []))
            if base.startswith("execir"):
                out.append((base, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names if a.name.startswith("execir"))
    return out


def _kind_test(test: ast.AST) -> bool:
    for node in ast.walk(test):
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name is None and isinstance(node, ast.Call):
            continue
        if name and (_KIND_RE.search(name) or name in ("tasks", "groups") and isinstance(node, ast.Attribute)):
            return True
    return False


def _functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = sum(n.end_lineno - n.lineno + 1 for n in node.body
                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
            yield node.name, node.lineno, node.end_lineno - node.lineno + 1 - inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of size > 1."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(10000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def measure(src: Path) -> dict:
    """Every figure of the module docstring for the package folder ``src``."""
    modules = {module_name(p, src): p for p in sorted(src.rglob("*.py"))}
    graph: dict[str, set[str]] = defaultdict(set)
    up, private, kind, funcs = set(), [], [], []
    names: dict[str, list[str]] = defaultdict(list)
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        here = package_of(mod)
        for target, imported in _imports(tree, mod, path.name == "__init__.py"):
            for name in imported or [None]:
                full = f"{target}.{name}" if name and f"{target}.{name}" in modules else target
                while full not in modules and "." in full:
                    full = full.rsplit(".", 1)[0]
                if full == mod or full not in modules:
                    continue
                graph[mod].add(full)
                there = package_of(full)
                if _FLOOR.get(there, 0) > _FLOOR.get(here, 0) and there != here:
                    up.add((mod, full))
                if name and name.startswith("_") and not name.startswith("__") and there != here:
                    private.append(f"{mod} <- {target}.{name}")
        rel = str(path.relative_to(src.parent))
        for node in ast.walk(tree):
            test = node.test if isinstance(node, (ast.If, ast.IfExp, ast.While)) else None
            if test is not None and _kind_test(test):
                kind.append(f"{rel}:{node.lineno}")
        for name, line, length in _functions(tree):
            funcs.append((length, f"{rel}:{line} {name}"))
            names[name].append(f"{rel}:{line}")
    mirrored = []
    for name in sorted(names):
        parts = name.split("_")
        plain = "_".join(p for p in parts if not _KIND_RE.fullmatch(p))
        if plain != name and plain.strip("_") and plain in names:
            mirrored.append(f"{plain} / {name}")
    funcs.sort(reverse=True)
    return {
        "root_modules": sorted(p.name for p in src.glob("*.py")),
        "kind_branches": kind,
        "mirrored_pairs": mirrored,
        "arrows_back_up": sorted(f"{a} -> {b}" for a, b in up),
        "cycles": cycles(graph),
        "private_imports_across_packages": sorted(private),
        "functions_over_60": [f"{n} {where}" for n, where in funcs if n > 60],
        "longest_function": funcs[0][0] if funcs else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parents[1] / "src" / "execir")
    parser.add_argument("--json", action="store_true", help="print every list as JSON")
    parser.add_argument("--list", action="store_true", help="print each list under its count")
    args = parser.parse_args(argv)
    figures = measure(args.src)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for key, value in figures.items():
        count = value if isinstance(value, int) else len(value)
        print(f"{key}: {count}")
        if args.list and not isinstance(value, int):
            for item in value:
                print(f"    {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
