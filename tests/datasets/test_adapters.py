import json

import pytest

from execir.datasets import available_datasets, load_dataset
from execir.datasets.humaneval import docstring_query, split_check
from execir.errors import DataError, UsageError


def test_humaneval_bundled_has_164_tasks_with_nl_queries():
    tasks = load_dataset("humaneval")
    assert len(tasks) == 164
    first = tasks[0]
    assert first.task_id == "HumanEval/0"
    assert first.entry_point == "has_close_elements"
    assert first.query == ("Check if in given list of numbers, are any two numbers closer to each "
                           "other than given threshold.")
    assert len(first.tests) == 7
    assert first.tests[0] == ("candidate = has_close_elements\n"
                              "assert candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3) == True")
    assert first.canonical.startswith("from typing import List")
    for task in tasks:
        assert ">>>" not in task.query
        assert task.query, task.task_id
        assert all(f"candidate = {task.entry_point}" in t for t in task.tests)


def test_docstring_query_drops_examples_but_keeps_policy_text():
    prompt = (
        "def f(lst):\n"
        "    '''\n"
        "    Sum the odd numbers.\n\n"
        "    f([1, 3]) == 4\n"
        "    For example:\n"
        "    >>> f([1])\n"
        "    1\n\n"
        "    If the list is empty, return 0.\n"
        "    '''\n"
    )
    assert docstring_query(prompt, "f") == "Sum the odd numbers. If the list is empty, return 0."


def test_split_check_keeps_helper_lines_and_skips_placeholders():
    test = (
        "import math\n"
        "METADATA = {}\n\n"
        "def check(candidate):\n"
        "    xs = [1, 2]\n"
        "    assert candidate(xs) == 3\n"
        "    assert True, 'placeholder'\n"
        "    for x in xs:\n"
        "        assert candidate([x]) == x\n"
    )
    tests = split_check(test, "total")
    assert tests == (
        "import math\ncandidate = total\nxs = [1, 2]\nassert candidate(xs) == 3",
        "import math\ncandidate = total\nxs = [1, 2]\nfor x in xs:\n    assert candidate([x]) == x",
    )


def test_mbpp_real_file(mbpp_path):
    tasks = load_dataset("mbpp", mbpp_path)
    assert len(tasks) == 974
    first = tasks[0]
    assert first.task_id == "mbpp/1" and first.entry_point == "min_cost"
    assert "\r" not in first.canonical
    assert first.tests[0] == "assert min_cost([[1, 2, 3], [4, 8, 2], [1, 5, 3]], 2, 2) == 8"
    # Task 367 has test_setup_code: it must be inside each test so tests are self-contained.
    t367 = next(t for t in tasks if t.task_id == "mbpp/367")
    assert all(t.startswith("root = Node(1)") for t in t367.tests)


def test_mbpp_sanitized_file(shared_data):
    tasks = load_dataset("mbpp", shared_data / "mbpp" / "sanitized-mbpp.json")
    assert len(tasks) == 427
    assert tasks[0].entry_point == "similar_elements"  # first call in the test is set(...)


def test_mbpp_missing_field_names_file_line_field(tmp_path):
    path = tmp_path / "mbpp.jsonl"
    good = {"task_id": 1, "text": "add", "code": "def add(a, b):\n    return a + b",
            "test_list": ["assert add(1, 2) == 3"], "test_setup_code": ""}
    bad = dict(good, task_id=2)
    del bad["code"]
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(DataError) as info:
        load_dataset("mbpp", path)
    assert str(info.value) == f"{path}:2: field 'code': missing or not a string"


def test_mbpp_needs_path_and_unknown_dataset():
    with pytest.raises(UsageError, match="--path"):
        load_dataset("mbpp")
    with pytest.raises(UsageError, match="unknown dataset 'nope'"):
        load_dataset("nope")


def test_available_datasets_lists_counts():
    rows = {row["name"]: row for row in available_datasets()}
    assert rows["humaneval"]["tasks"] == 164
    assert rows["mbpp"]["tasks"] is None
    poly = rows["execir-poly"]  # the multitask release is listed like the others
    assert (poly["tasks"], poly["domains"]) == (150, 10)
    assert [(v["version"], v["counts"]["problems"]) for v in poly["versions"]] == [("2", 150), ("3", 143)]
    assert poly["release"] == poly["versions"][-1] and poly["versions"][0]["probe"] is None  # v2: no report
    worst = poly["release"]["probe"]  # v3's build report carries its card: every lift within 0.05
    assert worst["families"] > 500 and worst["lift"] < 0.05
    assert list(rows) == sorted(rows)
