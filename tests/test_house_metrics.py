"""The house stays as issue 52 left it (no import circles, imports that only point down, ...): the
figures of ``benchmarks/house_metrics.py`` on
``src/execir``, and the counter itself checked on a tree made here with one of each fault."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _metrics():
    spec = importlib.util.spec_from_file_location("house_metrics", ROOT / "benchmarks" / "house_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_package_keeps_its_house():
    figures = _metrics().measure(ROOT / "src" / "execir")
    assert figures["root_modules"] == ["__init__.py", "_version.py", "api.py", "errors.py", "paths.py",
                                       "progress.py", "ranking.py", "records.py"]
    assert figures["arrows_back_up"] == []
    assert figures["cycles"] == []
    assert figures["private_imports_across_packages"] == []
    assert figures["mirrored_pairs"] == []
    assert len(figures["kind_branches"]) <= 3, figures["kind_branches"]
    assert figures["functions_over_60"] == [] and figures["longest_function"] <= 60


def _write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_the_counter_finds_one_of_each_fault(tmp_path):
    src = tmp_path / "execir"
    _write(src, "__init__.py", "")
    _write(src, "errors.py", "")
    _write(src, "execution/__init__.py", "")
    # an arrow back up (execution sits below retrieval), inside a function, naming a private name
    _write(src, "execution/runner.py",
           "def f():\n    from execir.retrieval.dense import _helper\n    return _helper\n")
    _write(src, "retrieval/__init__.py", "")
    long_body = "".join(f"    x{i} = {i}\n" for i in range(60))
    _write(src, "retrieval/dense.py",
           "import execir.errors\n\ndef _helper():\n    pass\n\n"
           f"def write_results(bench):\n{long_body}    return x0\n\n"
           "def write_coreb_results(bench):\n    if bench.multitask:\n        return 1\n    return 2\n")
    # a cycle between two modules of one package
    _write(src, "mutation/__init__.py", "")
    _write(src, "mutation/a.py", "from execir.mutation import b\n")
    _write(src, "mutation/b.py", "from execir.mutation import a\n")
    figures = _metrics().measure(src)
    assert figures["root_modules"] == ["__init__.py", "errors.py"]
    assert figures["arrows_back_up"] == ["execir.execution.runner -> execir.retrieval.dense"]
    assert figures["private_imports_across_packages"] == [
        "execir.execution.runner <- execir.retrieval.dense._helper"]
    assert figures["mirrored_pairs"] == ["write_results / write_coreb_results"]
    assert figures["kind_branches"] == ["execir/retrieval/dense.py:70"]
    assert figures["cycles"] == [["execir.mutation.a", "execir.mutation.b"]]
    assert figures["longest_function"] == 62  # def line, 60 assignments, return
    assert figures["functions_over_60"] == ["62 execir/retrieval/dense.py:6 write_results"]


def test_the_cycle_finder_finds_a_circle_and_nothing_outside_it():
    assert _metrics().cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
