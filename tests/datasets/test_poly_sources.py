"""The execir-poly problem folders: every packaged problem is well-formed, one is run in all six
languages, and malformed folders fail with a message naming the file and field."""

from __future__ import annotations

import json
import shutil

import pytest

from execir.datasets.poly_sources import (HARD_NEGATIVE_KINDS, SOLUTION_FILES, default_root,
                                          load_problems, verify_problems)
from execir.errors import DataError
from execir.execution.toolchains import available_languages

TEMPLATE = default_root() / "string_processing" / "run_length_encode"


def test_packaged_problems_are_well_formed():
    problems = load_problems()
    assert problems, "no execir-poly problems packaged"
    ids = [p.problem_id for p in problems]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for p in problems:
        assert set(p.solutions) == set(SOLUTION_FILES)
        assert tuple(p.hard_negatives) == HARD_NEGATIVE_KINDS
        assert p.search.lower() not in p.description.lower()  # keywords, not a copied sentence


def test_template_problem_passes_in_every_available_language():
    (problem,) = load_problems(only=["run_length_encode"])
    assert problem.problem_id == "poly/run_length_encode" and problem.domain == "string_processing"
    assert problem.tests[0] == {"input": "aaabccdddd\n", "output": "a3b1c2d4\n"}
    failures = verify_problems([problem])
    missing = set(SOLUTION_FILES) - set(available_languages())
    assert [f for f in failures if "ToolchainMissing" not in f] == []
    assert len(failures) == len(missing)  # a language without its toolchain is the only excuse


def test_a_wrong_solution_is_reported(tmp_path):
    shutil.copytree(TEMPLATE, tmp_path / "d" / "x")
    py = tmp_path / "d" / "x" / "solution.py"
    py.write_text(py.read_text().replace("str(j - i)", "str(j - i + 1)"))
    (problem,) = load_problems(tmp_path)
    failures = [f for f in verify_problems([problem]) if "[python]" in f]
    # only the empty-line test passes: every other output carries a count one too high
    assert failures == ["poly/x [python]: ['FAIL', 'FAIL', 'pass', 'FAIL', 'FAIL', 'FAIL', 'FAIL']"]


@pytest.mark.parametrize("edit, field", [
    (lambda d: d.pop("search"), "search"),
    (lambda d: d.update(abbreviated="too short"), "abbreviated"),
    (lambda d: d["hard_negatives"].pop("problem_domain"), "hard_negatives"),
    (lambda d: d.update(tests=d["tests"][:2]), "tests"),
    (lambda d: d["tests"].__setitem__(1, {"input": "x"}), "tests[1]"),
])
def test_malformed_problem_names_file_and_field(tmp_path, edit, field):
    shutil.copytree(TEMPLATE, tmp_path / "d" / "x")
    path = tmp_path / "d" / "x" / "problem.json"
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        load_problems(tmp_path)
    assert err.value.field == field and err.value.path == str(path)


def test_missing_solution_file_is_named(tmp_path):
    shutil.copytree(TEMPLATE, tmp_path / "d" / "x")
    (tmp_path / "d" / "x" / "solution.rb").unlink()
    with pytest.raises(DataError, match=r"solution\.rb: missing"):
        load_problems(tmp_path)
